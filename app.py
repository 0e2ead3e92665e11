"""The sizing app: ``streamlit run app.py``. Pages live in app_pages/; all logic lives in the sizing package."""

import streamlit as st

from app_pages.common import keep_inputs

st.set_page_config(page_title="Grease interceptor sizing", page_icon="🛢️", layout="wide")
keep_inputs()
st.navigation([
    st.Page("app_pages/size.py", title="Size an interceptor", icon="📐", default=True),
    st.Page("app_pages/review.py", title="Plan review", icon="✅"),
    st.Page("app_pages/waiver.py", title="Conditional waiver", icon="📝"),
    st.Page("app_pages/maintenance.py", title="Maintenance", icon="🧰"),
    st.Page("app_pages/inventory.py", title="Inventory (batch)", icon="🗂️"),
]).run()
