"""Page 1 — size an interceptor (the code is in app_pages/size_page.py, imported once per process)."""

from app_pages import size_page

size_page.main()
