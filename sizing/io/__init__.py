"""Reading what users give: documents, fields with units, code tables, submittals and their sections."""
