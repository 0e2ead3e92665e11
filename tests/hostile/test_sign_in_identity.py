"""Who a signed-in user is: the e-mail address the provider vouches for (``email_verified`` true, in a token from
the configured issuer), never an unverified e-mail and never a subject taken for an e-mail (OWASP ASVS 5.0 V10:
an identity is what the identity provider asserts, not a claim the user can choose)."""

from __future__ import annotations

import pytest

from app_pages.access import configured_issuers, verified_email
from tests.app.conftest import errors, open_box, texts
from tests.app.test_access import AUTH, ISSUER, load_review_example, make_city_register, signed_in_app

ISSUERS = {ISSUER}


@pytest.fixture
def city_register(tmp_path):
    """A register with an admin, a viewer and a plan checker."""
    return make_city_register(tmp_path)


@pytest.mark.parametrize(("claims", "expected"), [
    ({"iss": ISSUER, "sub": "1", "email": "Checker@City.example", "email_verified": True}, "checker@city.example"),
    ({"iss": ISSUER, "sub": "1", "email": "checker@city.example", "email_verified": "true"}, "checker@city.example"),
    ({"iss": ISSUER, "sub": "1", "email": "checker@city.example"}, None),                        # verified not said
    ({"iss": ISSUER, "sub": "1", "email": "checker@city.example", "email_verified": False}, None),
    ({"iss": ISSUER, "sub": "1", "email": "checker@city.example", "email_verified": "false"}, None),
    ({"iss": ISSUER, "sub": "checker@city.example"}, None),                                    # a subject, no e-mail
    ({"iss": ISSUER, "sub": "checker@city.example", "email_verified": True}, None),
    ({"iss": "http://127.0.0.1:10", "sub": "1", "email": "checker@city.example", "email_verified": True}, None),
    ({"sub": "1", "email": "checker@city.example", "email_verified": True}, None),              # no issuer
])
def test_only_a_verified_email_from_the_configured_issuer_is_an_identity(claims, expected):
    assert verified_email(claims, ISSUERS) == expected


def test_the_configured_issuers_come_from_each_provider_section():
    auth = {**AUTH, "okta": {"server_metadata_url": "https://city.okta.example/.well-known/openid-configuration"},
            "entra": {"issuer": "https://login.example/tenant/v2.0/", "client_id": "x"}}
    assert configured_issuers(auth) == {ISSUER, "https://city.okta.example", "https://login.example/tenant/v2.0"}


def test_an_unverified_email_of_a_plan_checker_gets_no_role(city_register):
    at = signed_in_app(str(city_register), "checker@city.example", email_verified=False)
    assert errors(at)[0].startswith("This sign-in gave no verified e-mail address")
    assert "(plan_checker)" not in texts(at) and not at.expander and not at.dataframe


def test_a_subject_that_reads_like_a_users_email_gets_no_role(city_register):
    at = signed_in_app(str(city_register), None, sub="checker@city.example")
    assert errors(at)[0].startswith("This sign-in gave no verified e-mail address")
    assert "checker@city.example" not in texts(at)


def test_a_token_from_another_issuer_gets_no_role(city_register):
    at = signed_in_app(str(city_register), "checker@city.example", iss="https://evil.example")
    assert errors(at)[0].startswith("This sign-in gave no verified e-mail address")


def test_a_verified_email_is_the_user_and_what_the_register_records(city_register):
    at = signed_in_app(str(city_register), "Checker@City.example")
    assert "Signed in as checker@city.example (plan_checker)" in texts(at)
    load_review_example(at)
    open_box(at, "reg_box_open_review")
    assert "reg_save_review" in [b.key for b in at.button]
