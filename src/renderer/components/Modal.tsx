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
 * inert, closes it on Escape (the `cancel` event, turned into onClose here) and gives focus back
 * to where it was on close.
 */
export function Modal({ titleId, onClose, initialFocusId, className, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (!dialog.open) dialog.showModal()
    if (initialFocusId) document.getElementById(initialFocusId)?.focus()
    return () => dialog.close()
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
