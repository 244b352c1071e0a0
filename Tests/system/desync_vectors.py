"""The transcribed protocol vectors of test_desync.py: what a vector is, what may be answered to it, and the two
corpora it comes from (http11probe_vectors.py, desync_guardian_vectors.py).

Every vector is sent on its own connection and followed on the same connection by an innocent request, FOLLOW_UP.
What the server may answer is one of three expectations:

- REFUSE: HTTP says the request must be refused: one of REFUSALS (the statuses that refuse the message itself, where
  a 404 or 405 would mean a route answered it), or a close without an answer;
- EITHER: the request may be refused, or answered as a normal request;
- ACCEPT: a valid request: a normal answer, not a refusal, though deeplinkd's 411 for a chunked body and 413 for one
  over its limit are normal answers (RFC 9112 §6.3 and RFC 9110 §15.5.14 allow them).

Whatever the expectation: never a 5xx (but a 505 to a request for another major version of HTTP, the one answer RFC
9110 §15.6.6 defines for it), never an answer to a request smuggled inside the vector, and, when the connection stays
open after the vector's answer, the follow-up gets its own correct answer. A vector flagged `closes` must not be
answered (but by a refusal) and then kept open: a framing that a proxy could read otherwise must not leave the
connection reusable (RFC 9112 §6.1). One flagged `incomplete` leaves a request unfinished on purpose, so the client
half-closes instead of sending the follow-up.

Adaptations, the same for every vector (the corpora's own values are kept wherever these do not apply):
- the Host is HOST wherever a corpus writes its test host (and is added to the desync-guardian heads, which have none:
  HTTP/1.1 requires it, RFC 9112 §3.2);
- a request a vector embeds to be smuggled targets SMUGGLED_TARGET instead of the corpus's `/`, so an answer to it and
  its access-log line are recognisable.
"""

import re

from rawhttp import HOST, SHUT_WRITE

REFUSE = "refuse"
EITHER = "either"
ACCEPT = "accept"
REFUSALS = {400, 408, 411, 413, 414, 417, 431}
NORMAL_REFUSALS = {411, 413}  # what deeplinkd answers to a valid request it does not take (chunked, too large)

# A fixed endpoint that no vector requests openly and that the access log shows as it is (other paths are redacted):
# its answer, or its path in the log, means a smuggled request was served.
SMUGGLED_TARGET = "/openapi.yaml"
SMUGGLED_MARK = b"openapi:"  # the start of that endpoint's body

FOLLOW_UP = b"GET /healthz HTTP/1.1\r\nHost: " + HOST.encode() + b"\r\nConnection: close\r\n\r\n"
FOLLOW_UP_MARK = b'"status":"ok"'  # what the follow-up's own answer carries

CORPORA = {
    "Http11Probe": {
        "repository": "MDA2AV/Http11Probe",
        "commit": "95bc6a991b2ad2bddd61d58c92c36d543d895ffa",
        "date": "2026-02-17",
    },
    "http-desync-guardian": {
        "repository": "aws/http-desync-guardian",
        "commit": "7dd6f37171f0a8428d259f2631aee5e7b01a1d64",
        "date": "2020-12-31",
    },
}


class Vector:
    """One transcribed case: the bytes sent, the corpus's own verdict, and what deeplinkd may answer."""

    def __init__(self, corpus, source, case, wire, verdict, expect, why=None, closes=False, incomplete=False,
                 poisons_follow_up=False, keeps_alive=False, also_refused=()):
        assert corpus in CORPORA and expect in (REFUSE, EITHER, ACCEPT)
        self.corpus = corpus
        self.source = source  # the file of the corpus's repository the case is in
        self.case = case  # the case's name or id there
        self.wire = wire
        self.verdict = verdict  # the corpus's expectation, in its terms
        self.expect = expect
        self.why = why  # why `expect` differs from what the corpus's verdict maps to, when it does
        self.closes = closes
        self.incomplete = incomplete
        # Trailing bytes that, by the vector's own framing, start the next request (so the follow-up may be refused).
        self.poisons_follow_up = poisons_follow_up
        self.keeps_alive = keeps_alive  # the follow-up must be answered on the same connection
        self.also_refused = also_refused  # statuses the corpus counts as a refusal of this request besides REFUSALS

    @property
    def name(self):
        return f"{self.corpus} {self.source.rsplit('/', 1)[-1]}: {self.case}"

    @property
    def method(self):
        return self.wire.split(b" ", 1)[0].decode("latin-1")

    @property
    def allows_505(self):
        """Whether the request line names an HTTP major version other than 1, the one case a 505 answers."""
        version = self.wire.split(b"\r\n", 1)[0].rsplit(b" ", 1)[-1]
        match = re.fullmatch(rb"HTTP/(\d+)\.\d+", version)
        return match is not None and int(match.group(1)) != 1

    @property
    def is_http1(self):
        """Whether the first line is an HTTP/1.x request line (else a proxy may answer in another protocol's framing:
        HTTP/0.9's bare body, or HTTP/2 frames)."""
        return re.match(rb"[^\r\n]*[ \t]HTTP/1\.\d *\r?\n", self.wire.lstrip(b"\r\n")) is not None

    def refuses(self, response):
        """Whether `response` (None: a close without an answer) refuses this vector's request."""
        if response is None:
            return True
        return (response.status in REFUSALS or response.status in self.also_refused
                or (response.status == 505 and self.allows_505))

    @property
    def pieces(self):
        """What goes on the wire: the vector, then the follow-up or a half-close."""
        return [self.wire, SHUT_WRITE] if self.incomplete else [self.wire, FOLLOW_UP]

    def __repr__(self):
        return self.name

