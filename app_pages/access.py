"""Who is using the app, and which register it reads and writes (both decided on the server, never in the page).

The register is ``[register] url`` in ``.streamlit/secrets.toml``, else the ``SIZING_DB`` environment variable,
else ``sizing-register.db`` in the working directory: no page has a field for it.

Without an ``[auth]`` section in the secrets the app runs for one person on their own machine (it listens on
localhost only, see ``.streamlit/config.toml``): writes are recorded as the operating-system user running the
app. With ``[auth]`` (OpenID Connect through ``st.login``), nothing but the sign-in page is shown until a user
signs in; the signed-in identity is the e-mail address the provider vouches for (``email_verified`` true, in a token
from a configured issuer: :func:`verified_email`), never a subject in its place, and it must be an active user of
the register, whose role decides which save buttons are shown. The register checks the role again on every write.
"""

from __future__ import annotations

import os
import re
from typing import Any

import streamlit as st

from sizing.errors import SizingInputError
from sizing.program.location import DEFAULT_FILE, ENV

SIGN_IN_TITLE = "Grease interceptor sizing: sign in"


def _secrets_section(name: str) -> Any:
    """A section of the server's secrets, or None when there is no secrets file. A secrets file that cannot be
    read stops the app (it might hold the [auth] section: never fall back to running without sign-in)."""
    try:
        return st.secrets.get(name)
    except Exception as exc:  # noqa: BLE001 - StreamlitSecretNotFoundError: none found, or one that does not parse
        if "No secrets found" in str(exc):
            return None
        st.error("The server's .streamlit/secrets.toml cannot be read; nothing is shown until it is fixed.",
                 icon=":material/error:")
        st.stop()
        raise RuntimeError("the server's .streamlit/secrets.toml cannot be read") from None  # outside a run


def auth_configured() -> bool:
    """Whether the deployment configures sign-in (an ``[auth]`` section in the secrets)."""
    return bool(_secrets_section("auth"))


def register_location() -> str:
    """The one register of this deployment: ``[register] url`` in the secrets, else SIZING_DB, else the default
    file."""

    section = _secrets_section("register")
    if section and str(section.get("url") or "").strip():
        return str(section["url"]).strip()
    return os.environ.get(ENV, "").strip() or DEFAULT_FILE


#: Command-line options a register message may name, and what the app calls them instead.
APP_WORDS = {"--db": "the register location ([register] url in the secrets, else SIZING_DB)",
             "--skip-rejects": "tick 'Import the other submittals'", "--user": "the 'on behalf of' field"}


def app_message(text: str) -> str:
    """A register message as the app shows it: no command-line option is named.

    >>> app_message("--db: the port in x is not a number")
    'The register location ([register] url in the secrets, else SIZING_DB): the port in x is not a number'
    >>> app_message("FILE: s.csv: line 2 has 4 fields")
    's.csv: line 2 has 4 fields'
    """

    text = str(text).removeprefix("FILE: ")  # the command line's name for its file argument
    first = any(text.startswith(option) for option in APP_WORDS)
    for option, words in APP_WORDS.items():
        text = re.sub(rf"(?<![\w-]){re.escape(option)}(?![\w-])", words, text)
    return text[0].upper() + text[1:] if first else text


def created_note(reg) -> str:
    """What a first write says when it created the register (never created without saying so; where it is stays
    on the server: the deployment's setting, never shown on a page)."""
    return " A new register was created." if getattr(reg.db, "created", False) else ""


#: The discovery document's place below an issuer (OpenID Connect Discovery 1.0, section 4): an issuer is its
#: ``server_metadata_url`` without it.
DISCOVERY = "/.well-known/openid-configuration"


def configured_issuers(auth: Any) -> set[str]:
    """The issuers of the ``[auth]`` section (and of each named provider under it): each ``server_metadata_url``
    without its discovery path, or an explicit ``issuer``.

    >>> sorted(configured_issuers({"server_metadata_url": "https://id.city.example/realms/fog/.well-known/openid-configuration"}))
    ['https://id.city.example/realms/fog']
    """
    found: set[str] = set()
    sections = [auth] + [v for v in (auth or {}).values() if isinstance(v, dict) or hasattr(v, "get")]
    for section in sections:
        if not hasattr(section, "get"):
            continue
        if section.get("issuer"):
            found.add(str(section["issuer"]).rstrip("/"))
        url = str(section.get("server_metadata_url") or "")
        if url.endswith(DISCOVERY):
            found.add(url.removesuffix(DISCOVERY).rstrip("/"))
    return found


def verified_email(claims: Any, issuers: set[str]) -> str | None:
    """The signed-in user's identity from the ID token's claims: the e-mail address, lower-cased, only when the
    provider marks it verified (``email_verified`` true) and the token's issuer is a configured one; else None.
    The subject is never taken for an e-mail (a provider's subjects are its own ids, and one can be chosen to read
    like a register user's address).

    >>> iss = {"https://id.city.example"}
    >>> verified_email({"iss": "https://id.city.example", "sub": "1", "email": "Ann@City.example", "email_verified": True}, iss)
    'ann@city.example'
    >>> verified_email({"iss": "https://id.city.example", "sub": "1", "email": "ann@city.example"}, iss) is None
    True
    >>> verified_email({"iss": "https://id.city.example", "sub": "ann@city.example"}, iss) is None
    True
    >>> verified_email({"iss": "https://evil.example", "sub": "1", "email": "ann@city.example", "email_verified": True}, iss) is None
    True
    """
    get = claims.get
    verified = get("email_verified")
    if not (verified is True or str(verified).strip().lower() == "true"):
        return None
    if str(get("iss") or "").rstrip("/") not in issuers:
        return None
    email = str(get("email") or "").strip().lower()
    return email if "@" in email else None


def identity() -> str | None:
    """The signed-in identity (:func:`verified_email`), or None without sign-in or without a verified e-mail."""
    if not auth_configured() or not st.user.is_logged_in:
        return None
    return verified_email(st.user, configured_issuers(_secrets_section("auth")))


def open_register(*, write: bool = False):
    """The deployment's register for reading (never created or migrated, opened read-only) or for a write (as
    the signed-in user; without sign-in a new local SQLite file may be created by the first save). An older
    schema is never migrated here: it is refused in one line naming ``sizing register migrate`` (an admin's)."""
    from sizing.program.store import open_register as _open

    signed_in = auth_configured()
    if signed_in and identity() is None:
        from sizing.program.errors import NotPermitted

        raise NotPermitted("register: the sign-in gave no verified e-mail address; nothing written", "user")
    local_write = write and not signed_in  # one person's own register: created by the first save
    return _open(register_location(), create="sqlite" if local_write else False, read_only=not write,
                 identity=identity(), require_user=signed_in)


def gate() -> None:
    """Before any page: without ``[auth]`` nothing to do; with it, the sign-in page until signed in, then the
    signed-in user's identity and role in the sidebar (or one line saying why they cannot use the app)."""
    if not auth_configured():
        return
    if not st.user.is_logged_in:
        st.title(SIGN_IN_TITLE)
        st.write("This tool is for the city's staff. Sign in with your city account to continue.")
        st.button("Sign in", key="sign_in", type="primary", on_click=st.login)
        st.stop()
    who = identity()
    role = None
    if who:
        try:
            reg = open_register()
            try:
                role = reg.role()
            finally:
                reg.db.engine.dispose()
        except SizingInputError as exc:
            _sign_out_box(who, None)
            st.error(str(exc), icon=":material/error:")
            st.stop()
    if who and role is None:
        role = _role_from_groups(who)
    _sign_out_box(who, role)
    if who is None:
        st.error("This sign-in gave no verified e-mail address (the provider did not mark the account's e-mail "
                 "verified), so it cannot be matched to a user of this register: ask the city's identity provider "
                 "administrator.", icon=":material/block:")
        st.stop()
    if role is None:
        st.error(f"{who} is not an active user of this register: ask an admin to add you "
                 "(sizing register users add IDENTITY --role ROLE).", icon=":material/block:")
        st.stop()
    st.session_state["_role"] = role


def mapped_role(claims: Any, mapping: Any) -> str | None:
    """The role the identity provider's groups give by the deployment's ``[roles]`` secrets: ``claim`` names the
    token's claim that lists the user's groups (default ``groups``), every other key is a group and its value a
    role; the first group of the mapping the user is in wins. None without a mapping or a match.

    >>> mapped_role({"groups": ["staff", "fog-inspectors"]}, {"claim": "groups", "fog-inspectors": "inspector"})
    'inspector'
    >>> mapped_role({"groups": "fog-inspectors"}, {"fog-director": "director"}) is None
    True
    """
    if not mapping:
        return None
    claim = str(mapping.get("claim") or "groups")
    groups = claims.get(claim) if hasattr(claims, "get") else None
    groups = [groups] if isinstance(groups, str) else list(groups or ())
    return next((str(role) for group, role in mapping.items() if group != "claim" and group in groups), None)


def _role_from_groups(who: str) -> str | None:
    """A signed-in user the register does not know, recorded with the role their groups map to (if any)."""
    mapping = _secrets_section("roles")
    role = mapped_role(st.user, mapping)
    if role is None:
        return None
    from sizing.program.access import join_by_groups

    reg = open_register(write=True)
    try:
        made = join_by_groups(reg.db, who, role, str(mapping.get("claim") or "groups"))
        return None if made is None else made.role
    finally:
        reg.db.engine.dispose()


def _sign_out_box(who: str | None, role: str | None) -> None:
    with st.sidebar:
        st.caption(f"Signed in as {who or 'an account without a verified e-mail'}" + (f" ({role})" if role else ""))
        st.button("Sign out", key="sign_out", on_click=st.logout)


def may(action: str, reg: Any = None) -> bool:
    """Whether the save button of ``action`` (review, waiver, maintenance) is shown: the signed-in user's role,
    or, without sign-in, the OS user's role where the register has users (asked of ``reg`` when the page has
    it open already). The register checks again."""
    if auth_configured():
        from sizing.program.access import may as role_may

        return role_may(st.session_state.get("_role"), action)
    if reg is not None:
        return reg.may(action)
    try:
        reg = open_register()
    except SizingInputError:  # no register yet: the first save creates a local one
        return True
    try:
        return reg.may(action)
    finally:
        reg.db.engine.dispose()
