-- mcplint for Neovim: starts `mcplint server` for Python buffers.
--
-- Copy this file to ~/.config/nvim/lua/mcplint.lua and put in your init.lua:
--
--   require("mcplint").setup()
--   -- or, with mcplint installed in a virtualenv:
--   require("mcplint").setup({ cmd = { "/path/to/.venv/bin/mcplint", "server" } })
--
-- Neovim 0.11+ registers the server with vim.lsp.config() and vim.lsp.enable().
-- Neovim 0.8-0.10 starts it with vim.lsp.start() from a FileType autocommand,
-- and 0.7 with vim.lsp.start_client() + vim.lsp.buf_attach_client().

local M = {}

--- Default options; every key can be overridden in setup().
M.defaults = {
  -- The command that starts the language server.
  cmd = { "mcplint", "server" },
  -- Buffers of these filetypes are linted.
  filetypes = { "python" },
  -- The project root is the nearest directory holding one of these (else the file's directory).
  root_markers = { "pyproject.toml", "setup.py", "setup.cfg", ".git" },
}

--- The nearest ancestor of `path` (a file) containing one of `markers`, else the file's directory.
local function find_root(path, markers)
  local dir = vim.fn.fnamemodify(path, ":p:h")
  local current = dir
  while true do
    for _, marker in ipairs(markers) do
      if vim.loop.fs_stat(current .. "/" .. marker) then
        return current
      end
    end
    local parent = vim.fn.fnamemodify(current, ":h")
    if parent == current then
      return dir
    end
    current = parent
  end
end

--- Neovim 0.7: one client per root, started with start_client and attached per buffer.
local clients_by_root = {}
local function attach_legacy(bufnr, opts)
  local root = find_root(vim.api.nvim_buf_get_name(bufnr), opts.root_markers)
  local client_id = clients_by_root[root]
  if client_id == nil or vim.lsp.get_client_by_id(client_id) == nil then
    client_id = vim.lsp.start_client({
      name = "mcplint",
      cmd = opts.cmd,
      root_dir = root,
      workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    })
    if client_id == nil then
      vim.notify("mcplint: could not start " .. table.concat(opts.cmd, " "), vim.log.levels.ERROR)
      return
    end
    clients_by_root[root] = client_id
  end
  vim.lsp.buf_attach_client(bufnr, client_id)
end

--- Start mcplint for Python buffers. `opts` overrides M.defaults (cmd, filetypes, root_markers).
function M.setup(opts)
  opts = vim.tbl_deep_extend("force", {}, M.defaults, opts or {})

  if vim.fn.has("nvim-0.11") == 1 then
    vim.lsp.config("mcplint", {
      cmd = opts.cmd,
      filetypes = opts.filetypes,
      root_markers = opts.root_markers,
    })
    vim.lsp.enable("mcplint")
    return
  end

  local group = vim.api.nvim_create_augroup("mcplint", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = opts.filetypes,
    callback = function(args)
      local name = vim.api.nvim_buf_get_name(args.buf)
      if name == "" or vim.bo[args.buf].buftype ~= "" then
        return
      end
      if vim.lsp.start then -- Neovim 0.8+
        vim.lsp.start({
          name = "mcplint",
          cmd = opts.cmd,
          root_dir = find_root(name, opts.root_markers),
        }, { bufnr = args.buf })
      else
        attach_legacy(args.buf, opts)
      end
    end,
  })
end

return M
