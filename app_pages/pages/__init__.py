"""The app's pages, one script each, as ``st.navigation`` in app.py lists them."""
