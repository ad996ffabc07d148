"""schemathesis hooks for tools/contract/schemathesis.sh.

The OpenAPI document states every rule a single field has. A few rules tie a field to another
field or to the clock, which JSON Schema cannot say; the document says them in words and these
hooks make the generated data follow them, so positive data stays valid:

- confirmPassword is the same as password (sign-up, password reset);
- the date of birth is not in the future (sign-up);
- a range's endDate is not before its startDate (the analytics routes' {startDate}/{endDate});
- a file part whose encoding says application/pdf is a PDF, and each part of an image field an image;

and one check keeps honest the few routes where the spec refuses well-formed data with a 400 for
a reason no schema can state (an invalid link, a login method switched off, an empty cart): there a 400 passes
positive_data_acceptance (schemathesis.toml) but must carry that one code.
"""

from __future__ import annotations

import datetime
import json
import re

import schemathesis
from hypothesis import strategies as st
from schemathesis.core.file_samples import MEDIA_TYPE_FILE_SAMPLES

_DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
_DMY = re.compile(r"^(\d{1,2})-(\d{1,2})-(\d{4})$")


def _iso_day(text):
    """A day of either API form (YYYY-MM-DD, day-month-year) as YYYY-MM-DD, comparable as text; None otherwise."""
    if not isinstance(text, str):
        return None
    if _DAY.match(text):
        return text
    m = _DMY.match(text)
    return f"{m.group(3)}-{int(m.group(2)):02d}-{int(m.group(1)):02d}" if m else None


def _today_in_dhaka() -> str:
    return (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=6)).date().isoformat()


# The smallest well-formed PDF (one empty page): what the gateway's PDF check (%PDF- first, %%EOF last) takes.
_PDF = (
    b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
    b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 1 1]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"
)
schemathesis.openapi.media_type("application/pdf", st.just(_PDF))
# Every part of an image field is an image (schemathesis uses its samples for one file only).
for _media_type, _sample in MEDIA_TYPE_FILE_SAMPLES.items():
    schemathesis.openapi.media_type(_media_type, st.just(_sample))


_PAIRED_ROUTES = re.compile(r"^/api/v1/user/(signup/|signup/\{refercode\}|password-reset)$")


@schemathesis.hook
def before_call(ctx, case, kwargs):
    """Runs before every request of every phase (coverage cases skip the map_* hooks)."""
    # Only valid data is made to follow these rules: a negative case keeps what makes it invalid.
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return
    params = case.path_parameters
    if isinstance(params, dict) and "startDate" in params and "endDate" in params:
        first, last = _iso_day(params["startDate"]), _iso_day(params["endDate"])
        if first and last and last < first:
            params["startDate"], params["endDate"] = params["endDate"], params["startDate"]
    body = case.body
    if not _PAIRED_ROUTES.match(case.operation.path) or not isinstance(body, dict):
        return
    if isinstance(body.get("password"), str) and isinstance(body.get("confirmPassword"), str):
        body["confirmPassword"] = body["password"]
    dob = body.get("dob")
    if isinstance(dob, str):
        m = _DAY.match(dob)
        if m and dob > _today_in_dhaka():
            # Same day and month in a year of the past (1600-1999) with the same leap-year rule.
            body["dob"] = f"{1600 + int(m.group(1)) % 400}-{m.group(2)}-{m.group(3)}"


# Routes where the spec refuses well-formed data for a reason no schema can state, and the one
# refusal catalogue key (or keys, decision 0026) each may give with that 400. schemathesis.toml lets their 400s past positive_data_acceptance;
# this check holds them to these codes (any other 400 means the document missed a rule).
_ALLOWED_400 = {
    # An unknown, expired or used token (storefront spec: "This verification link is invalid or has expired").
    "/api/v1/user/verify-email/{token}": "VERIFY_LINK_INVALID",
    # The guardian's approval link (decision 0047): unknown, forged or expired.
    "/api/v1/user/guardian-approval/{token}": "GUARDIAN_LINK_INVALID",
    "/api/v1/user/password-reset": "RESET_LINK_INVALID",
    # Google / Facebook login switched off (no client id configured): "This login method is not available".
    "/api/v1/user/googlelogin": "SOCIAL_LOGIN_NOT_CONFIGURED",
    "/api/v1/user/fblogin": "SOCIAL_LOGIN_NOT_CONFIGURED",
    # The spec's reset call without an address: it has no valid request, it always refuses.
    "/api/v1/user/passwordreset": "ANY_FIELD_MISSING",
    # An order from an empty cart, or an amount that is not the server's computation of the cart
    # (issue 8: POST order checks the amount); which holds depends on the cart, not on the body.
    "/api/v1/order": ("CART_EMPTY", "AMOUNT_MISMATCH"),
    # Settling more than the instructor's due (the account's state decides, not the amount's form),
    # or zero taka ('0.00' fits the amount's pattern; decision 0028).
    "/api/v1/instructor/due/{id}/{amount}": ("ABOVE_DUE", "AMOUNT_NOT_TAKA"),
    # An admin suspending their own account ("You cannot suspend your own account").
    "/api/v1/user/suspend/{id}": "CANNOT_SUSPEND_SELF",
    # Keyset pages (decision 0074): a cursor of the right characters that is not one the list gave
    # (its check fails); the orders' or the users' range with one end only, or its end before its start.
    "/api/v1/user/page": ("INVALID_CURSOR", "INVALID_DATE_RANGE"),
    "/api/v1/order/page": ("INVALID_CURSOR", "INVALID_DATE_RANGE"),
    # A theory exam's draft (decision 0072): a question without its text, options or one right answer; no question.
    "/api/v1/courses/{courseId}/exam": ("EXAM_QUESTION_INVALID", "EXAM_NEEDS_QUESTIONS"),
    # Reviews (decision 0048): a reply or a reason that is only markup leaves nothing once it is removed.
    "/api/v1/review/{id}/reply": ("REPLY_REQUIRED", "TEXT_PROFANITY", "TEXT_CONTACT_DETAILS"),
    "/api/v1/review/{id}/hide": "HIDE_REASON_REQUIRED",
    # The conduct check (decision 0075): well-formed text with a refused word, or (between users)
    # a phone number, an e-mail address or a chat app; the contact form to staff refuses words only.
    "/api/v1/contact/": "TEXT_PROFANITY",
    "/api/v1/contact/instructor/": ("TEXT_PROFANITY", "TEXT_CONTACT_DETAILS"),
    "/api/v1/contact/r/{id}": ("TEXT_PROFANITY", "TEXT_CONTACT_DETAILS"),
    "/api/v1/questions/course/{courseId}/lesson/{lessonId}": ("TEXT_PROFANITY", "TEXT_CONTACT_DETAILS"),
    "/api/v1/questions/{id}/answer": ("TEXT_PROFANITY", "TEXT_CONTACT_DETAILS"),
    "/api/v1/review/course/{courseId}": ("TEXT_PROFANITY", "TEXT_CONTACT_DETAILS"),
    # Reports (decision 0076): what the caller wrote themself.
    "/api/v1/report": "REPORT_OWN_ITEM",
}


@schemathesis.check
def positive_data_refused_only_as_documented(ctx, response, case):
    """Where a 400 may answer valid data (see _ALLOWED_400), it carries the one expected code."""
    meta = case.meta
    allowed = _ALLOWED_400.get(case.operation.path)
    if meta is None or allowed is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    try:
        code = json.loads(response.content).get("code")
    except (ValueError, AttributeError):
        code = None
    codes = (allowed,) if isinstance(allowed, str) else allowed
    if code not in codes:
        raise AssertionError(f"Schema-valid request refused with 400 {code} (only {' or '.join(codes)} is expected here): {response.text[:300]}")
    return None
