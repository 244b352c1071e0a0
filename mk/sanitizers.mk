# The whole test suite under the thread and the address sanitizers: the C callbacks run on libmicrohttpd's threads,
# and the hot paths use unsafe buffers. Each builds separately (.build-tsan, .build-asan), a few minutes each.
# Leak detection is on for every deeplinkd process the tests start (a leak makes it exit non-zero, and the tests
# check exit statuses) and off for the test process itself, whose only leaks are reference cycles in XCTest and in
# Foundation's Process (see docs/reliability.md).
CHECKS += sanitizers
.PHONY: sanitizers tsan asan
sanitizers: tsan asan

tsan:
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan

asan:
	ASAN_OPTIONS=detect_leaks=0 DEEPLINKD_ASAN_OPTIONS=detect_leaks=1 $(SWIFT) test --sanitize=address --scratch-path .build-asan
