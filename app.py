"""The sizing app: ``streamlit run app.py``. Pages live in app_pages/; all logic lives in the sizing package."""

import streamlit as st

from app_pages import access, jurisdiction
from app_pages.common import keep_inputs, start_run

st.set_page_config(page_title="Grease interceptor sizing", page_icon=":material/water_drop:", layout="wide")
access.gate()  # with [auth] in the secrets: the sign-in page until a user signs in, then the user's role
keep_inputs()
start_run()  # the downloads are built from the run that drew them
jurisdiction.selector()  # in the sidebar of every page; the pages read it through jurisdiction.chosen()
st.navigation([
    st.Page("app_pages/size.py", title="Size an interceptor", icon=":material/straighten:", default=True),
    st.Page("app_pages/review.py", title="Plan review", icon=":material/fact_check:"),
    st.Page("app_pages/waiver.py", title="Conditional waiver", icon=":material/gavel:"),
    st.Page("app_pages/maintenance.py", title="Maintenance", icon=":material/build:"),
    st.Page("app_pages/inventory.py", title="Inventory (batch)", icon=":material/inventory_2:"),
    st.Page("app_pages/program.py", title="Program", icon=":material/folder_shared:"),
]).run()
