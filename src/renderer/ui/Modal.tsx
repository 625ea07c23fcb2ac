import { useEffect, useRef, type ReactNode } from 'react'

interface ModalProps {
  titleId: string
  onClose(): void
  /** The element to focus when the dialog opens; else the browser picks the first control. */
  initialFocusId?: string | null
  className?: string
  children: ReactNode
}

/**
 * A modal on the native <dialog>: the browser traps focus inside it, makes the page behind it
 * inert and closes it on Escape (the `cancel` event, turned into onClose here). Focus goes back
 * to what opened it: the browser would do that on close(), but React removes the element before
 * this effect's cleanup closes it, and a detached dialog restores nothing.
 */
export function Modal({ titleId, onClose, initialFocusId, className, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement
    if (!dialog.open) dialog.showModal()
    if (initialFocusId) document.getElementById(initialFocusId)?.focus()
    return () => {
      dialog.close()
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [initialFocusId])
  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      {children}
    </dialog>
  )
}
