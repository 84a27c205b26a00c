//! Zed extension that runs `mcplint server` for Python files.
//!
//! The command is `lsp.mcplint.binary.path` (+ `arguments`) from Zed's settings when set,
//! else `mcplint` found on the worktree's PATH, started as `mcplint server`.

use zed_extension_api::{self as zed, settings::LspSettings, LanguageServerId, Result};

struct McplintExtension;

impl zed::Extension for McplintExtension {
    fn new() -> Self {
        McplintExtension
    }

    fn language_server_command(
        &mut self,
        language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<zed::Command> {
        let binary = LspSettings::for_worktree(language_server_id.as_ref(), worktree)
            .ok()
            .and_then(|settings| settings.binary);
        let (path, arguments) = match binary {
            Some(binary) => (binary.path, binary.arguments),
            None => (None, None),
        };
        let command = match path {
            Some(path) => path,
            None => worktree.which("mcplint").ok_or_else(|| {
                "mcplint was not found on PATH: install it from a clone of its repository \
                 (python -m pip install /path/to/mcplint) or set lsp.mcplint.binary.path in Zed's settings"
                    .to_string()
            })?,
        };
        Ok(zed::Command {
            command,
            args: arguments.unwrap_or_else(|| vec!["server".to_string()]),
            env: worktree.shell_env(),
        })
    }
}

zed::register_extension!(McplintExtension);
