# The whole test suite under the thread and the address sanitizers: the C callbacks run on libmicrohttpd's threads,
# and the hot paths use unsafe buffers. Each builds separately (.build-tsan, .build-asan), a few minutes each.
# Leak detection is off for the address sanitizer: every leak it reports comes from XCTest's own objects and from
# Foundation's Process/FileHandle in the test helpers, none from Sources/ (checked by hand, see docs/reliability.md).
CHECKS += sanitizers
.PHONY: sanitizers tsan asan
sanitizers: tsan asan

tsan:
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan

asan:
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --sanitize=address --scratch-path .build-asan
