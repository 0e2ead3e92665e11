"""The sizing app: ``streamlit run app.py``. Pages live in app_pages/; all logic lives in the sizing package."""

import streamlit as st

from app_pages import access, on_demand
from app_pages.session import keep_inputs
from app_pages.widgets import jurisdiction


def staff_pages() -> list:
    """The City staff's pages (made in the run: st.Page needs a running app)."""
    return [
        st.Page("app_pages/pages/size.py", title="Size an interceptor", icon=":material/straighten:", default=True),
        st.Page("app_pages/pages/review.py", title="Plan review", icon=":material/fact_check:"),
        st.Page("app_pages/pages/waiver.py", title="Conditional waiver", icon=":material/gavel:"),
        st.Page("app_pages/pages/maintenance.py", title="Maintenance", icon=":material/build:"),
        st.Page("app_pages/pages/inventory.py", title="Inventory (batch)", icon=":material/inventory_2:"),
        st.Page("app_pages/pages/program.py", title="Program", icon=":material/folder_shared:"),
        st.Page("app_pages/pages/inspection.py", title="Inspection", icon=":material/assignment_turned_in:"),
        st.Page("app_pages/pages/users.py", title="Users", icon=":material/group:"),
    ]


with on_demand.run():  # a download clicked while this run goes is built from what the run shows
    st.set_page_config(page_title="Grease interceptor sizing", page_icon=":material/water_drop:", layout="wide")
    access.gate()  # with [auth] in the secrets: the sign-in page until a user signs in, then the user's role
    keep_inputs()
    jurisdiction.selector()  # in the sidebar of every page; the pages read it through jurisdiction.chosen()
    role = st.session_state.get("_role")
    if role == "fse":  # an FSE's own user: its FSEs' page and nothing else, by any URL
        pages = [st.Page("app_pages/pages/my_fse.py", title="My FSE", icon=":material/storefront:", default=True)]
    elif role == "hauler":  # a hauler: its manifests for the FSEs that accept it, and nothing else
        pages = [st.Page("app_pages/pages/my_manifests.py", title="My manifests", icon=":material/local_shipping:",
                         default=True)]
    else:
        pages = staff_pages()
    page = st.navigation(pages)
    if st.session_state.get("page_shown", page.url_path) != page.url_path:
        # On a phone the sidebar covers the page: close it once a page is chosen (as a menu closes).
        st.html("<script>if (window.parent.innerWidth < 640 || window.innerWidth < 640) {"
                "const b = (window.parent.document || document).querySelector("
                "'[data-testid=\"stSidebar\"][data-collapsed=\"false\"] [data-testid=\"stSidebarCollapseButton\"] button');"
                "if (b) b.click(); }</script>", unsafe_allow_javascript=True, width=1)
    st.session_state["page_shown"] = page.url_path
    page.run()
