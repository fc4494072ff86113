-- GET /api/v1/journal/{id}: each request another of the loaded account's journal entries.
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")

function init(args)
   local headers = bench.auth({})
   local list = {}
   for _, id in ipairs(bench.list("BENCH_JOURNAL_IDS")) do
      list[#list + 1] = wrk.format("GET", "/api/v1/journal/" .. id, headers)
   end
   bench.prepare(list)
end
