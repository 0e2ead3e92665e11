"""Parts the app's pages share: tables, grids, boxes, loaders."""
