-- Neovim (0.7+, headless) as a client of the standalone language server:
--   BOARD_SERVER=dist/server.js nvim --headless -n -i NONE -u test/e2e/nvim/init.lua FILE.board...
-- Starts `node $BOARD_SERVER --stdio` for *.board buffers, opens each file given, waits (vim.wait on
-- a condition) until the server has published diagnostics for it, prints one JSON line with what
-- vim.diagnostic holds for every file, and quits: exit 0, or 1 when a file got no publish in time.
-- BOARD_NVIM_TIMEOUT_MS (default 20000) bounds the wait per file.

local server = vim.env.BOARD_SERVER or 'dist/server.js'
local node = vim.env.BOARD_NODE or 'node'
local timeout = tonumber(vim.env.BOARD_NVIM_TIMEOUT_MS or '') or 20000

vim.opt.swapfile = false
vim.opt.shortmess:append('F')

-- Which files the server has published diagnostics for, by file name, and how often.
local published = {}
local default_publish = vim.lsp.handlers['textDocument/publishDiagnostics']

local client_id = vim.lsp.start_client({
  name = 'board-scenario',
  cmd = { node, server, '--stdio' },
  root_dir = vim.fn.getcwd(),
  handlers = {
    ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
      default_publish(err, result, ctx, config)
      local fname = vim.uri_to_fname(result.uri)
      published[fname] = (published[fname] or 0) + 1
    end,
  },
})
if not client_id then
  io.stdout:write(vim.json.encode({ error = 'the language server did not start: ' .. server }) .. '\n')
  vim.cmd('cquit 1')
end

vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  pattern = '*.board',
  callback = function(args)
    vim.bo[args.buf].filetype = 'board-scenario'
  end,
})

local function lsp_field(d, name)
  local lsp = d.user_data and d.user_data.lsp or {}
  if lsp[name] ~= nil then return lsp[name] end
  return d[name]
end

local function check(files)
  local results = {}
  -- Attach once the server is initialized: Neovim 0.7 sends no didOpen for a buffer attached earlier.
  local ok = vim.wait(timeout, function()
    local client = vim.lsp.get_client_by_id(client_id)
    return client ~= nil and client.initialized == true
  end, 20)
  for _, file in ipairs(files) do
    vim.cmd('edit ' .. vim.fn.fnameescape(file))
    local bufnr = vim.api.nvim_get_current_buf()
    vim.lsp.buf_attach_client(bufnr, client_id)
    local fname = vim.api.nvim_buf_get_name(bufnr)
    local got = vim.wait(timeout, function() return (published[fname] or 0) > 0 end, 20)
    local diagnostics = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      local data = lsp_field(d, 'data')
      table.insert(diagnostics, {
        line = d.lnum,
        col = d.col,
        end_line = d.end_lnum,
        end_col = d.end_col,
        severity = d.severity,
        source = d.source,
        code = lsp_field(d, 'code'),
        message = d.message,
        rules = type(data) == 'table' and data.rules or vim.NIL,
      })
    end
    table.sort(diagnostics, function(a, b)
      if a.line ~= b.line then return a.line < b.line end
      return tostring(a.code) < tostring(b.code)
    end)
    table.insert(results, { file = file, published = got, diagnostics = diagnostics })
    ok = ok and got
  end
  local client = vim.lsp.get_client_by_id(client_id)
  local info = client and client.server_capabilities and { hover = client.server_capabilities.hoverProvider } or vim.NIL
  io.stdout:write(vim.json.encode({ server = server, capabilities = info, files = results }) .. '\n')
  vim.lsp.stop_client(client_id)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
  vim.cmd(ok and 'qall!' or 'cquit 1')
end

vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  callback = function()
    local files = vim.fn.argv()
    if #files == 0 then
      io.stdout:write(vim.json.encode({ error = 'no files given' }) .. '\n')
      vim.cmd('cquit 2')
    end
    check(files)
  end,
})
