import { SHORTCUTS } from '../keyboard'
import { closeDialog } from '../store/watch-store'
import { IconButton } from '../ui/IconButton'
import { Modal } from '../ui/Modal'

export function ShortcutsDialog() {
  return (
    <Modal titleId="shortcuts-title" onClose={closeDialog} className="modal-narrow">
      <header className="modal-head">
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <IconButton label="Close" onClick={closeDialog}>
          ✕
        </IconButton>
      </header>
      <table className="shortcuts">
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.action}>
              <th scope="row">
                {shortcut.keys.map((key) => (
                  <kbd key={key}>{key}</kbd>
                ))}
              </th>
              <td>{shortcut.action}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  )
}
