-- wrk helper, loaded with dofile by the scripts that send a fixed list of GETs (resolve-mix.lua here,
-- Tests/system/reload-mix.lua): rotate(paths) defines wrk's init() and request() so that each wrk thread sends the
-- paths in turn, each request formatted once.

function rotate(paths)
   local prepared = {}
   local next_index = 1

   function init(args)
      for index, path in ipairs(paths) do
         prepared[index] = wrk.format("GET", path)
      end
   end

   function request()
      local prepared_request = prepared[next_index]
      next_index = next_index % #prepared + 1
      return prepared_request
   end
end
