-- Shared by every bench script (loaded with dofile from each operation's script).
--
-- Environment (set by bench/run.py):
--   BENCH_TOKEN       bearer token of the loaded account
--   BENCH_LOGIN       its username, BENCH_PASSWORD its password
--   BENCH_FEELINGS, BENCH_ACTIVITIES, BENCH_PEOPLE   comma-separated ids of its vocabulary
--   BENCH_DAYS        how many past dates (today back) have a seeded day entry
--
-- done() prints one line, "BENCH_JSON {...}", that run.py parses: request count, duration,
-- socket errors (connect, read, write, timeout), status errors (HTTP status > 399, as wrk counts
-- them) and latency percentiles in microseconds.

local counter = 0
function setup(thread)
   counter = counter + 1
   thread:set("thread_id", counter)
end

bench = {}

function bench.env(name, default)
   local value = os.getenv(name)
   if value == nil or value == "" then return default end
   return value
end

function bench.list(name)
   local items = {}
   for item in string.gmatch(bench.env(name, ""), "[^,]+") do items[#items + 1] = item end
   return items
end

function bench.auth(headers)
   local token = bench.env("BENCH_TOKEN", nil)
   if token then headers["Authorization"] = "Bearer " .. token end
   return headers
end

-- A date `back` days before today (UTC, the loaded account's time zone), YYYY-MM-DD.
function bench.date(back)
   return os.date("!%Y-%m-%d", os.time() - back * 86400)
end

local words = { "morning", "coffee", "walk", "rain", "sunshine", "park", "friends", "dinner",
   "laughed", "tired", "slept", "work", "meeting", "garden", "book", "quiet", "evening", "call",
   "train", "city", "bike", "river", "cooked", "music", "calm", "busy", "lunch", "tea", "snow" }

-- About `length` characters of plain words (no characters that need JSON escaping).
function bench.text(length)
   local parts, size = {}, 0
   while size < length do
      local word = words[math.random(#words)]
      parts[#parts + 1] = word
      size = size + #word + 1
   end
   return table.concat(parts, " ")
end

-- `count` distinct random elements of `items`, as a JSON array of strings.
function bench.pick(items, count)
   local chosen, seen = {}, {}
   count = math.min(count, #items)
   while #chosen < count do
      local item = items[math.random(#items)]
      if not seen[item] then
         seen[item] = true
         chosen[#chosen + 1] = '"' .. item .. '"'
      end
   end
   return "[" .. table.concat(chosen, ",") .. "]"
end

-- Requests prepared in init() and sent round-robin: building them costs nothing during the run.
local prepared, next_index = nil, 0

function bench.prepare(list)
   prepared = list
end

function request()
   next_index = next_index % #prepared + 1
   return prepared[next_index]
end

function bench.seed_random()
   math.randomseed((thread_id or 1) * 7919 + os.time())
end

function done(summary, latency, requests)
   local e = summary.errors
   io.write(string.format(
      'BENCH_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,' ..
      '"status":%d,"timeout":%d,"mean_us":%.1f,"stdev_us":%.1f,"max_us":%d,' ..
      '"p50_us":%d,"p75_us":%d,"p90_us":%d,"p99_us":%d,"p999_us":%d}\n',
      summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status,
      e.timeout, latency.mean, latency.stdev, latency.max,
      latency:percentile(50), latency:percentile(75), latency:percentile(90),
      latency:percentile(99), latency:percentile(99.9)))
end
