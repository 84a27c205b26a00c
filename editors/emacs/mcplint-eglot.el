;;; mcplint-eglot.el --- run `mcplint server' through Eglot in Python buffers -*- lexical-binding: t; -*-

;; Load it from your init file: (load "/path/to/mcplint/editors/emacs/mcplint-eglot.el")
;; Works with Eglot 1.9+ (Debian's elpa-eglot for Emacs 28) and the Eglot built into Emacs 29+.

(require 'eglot)

(defcustom mcplint-eglot-command '("mcplint" "server")
  "Command that starts the mcplint language server.
With mcplint in a virtualenv use its absolute path, e.g.
\\='(\"/path/to/.venv/bin/mcplint\" \"server\")."
  :type '(repeat string)
  :group 'eglot)

(add-to-list 'eglot-server-programs
             (cons '(python-mode python-ts-mode) (lambda (&rest _) mcplint-eglot-command)))

(provide 'mcplint-eglot)
;;; mcplint-eglot.el ends here
