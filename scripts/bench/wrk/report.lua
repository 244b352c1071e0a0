-- wrk script: sends wrk's own request (the URL's path) and, when done, prints one machine-readable line
-- (prefix "BENCH ") with the totals, the error counts and the latency percentiles in microseconds.
-- Used as is for single-path cases; the other scripts load it for its done().

function done(summary, latency, requests)
   local errors = summary.errors
   io.write(string.format(
      'BENCH {"requests":%d,"duration_us":%d,"bytes":%d,' ..
      '"connect_errors":%d,"read_errors":%d,"write_errors":%d,"timeouts":%d,"non_2xx_3xx":%d,' ..
      '"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f}\n',
      summary.requests, summary.duration, summary.bytes,
      errors.connect, errors.read, errors.write, errors.timeout, errors.status,
      latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
