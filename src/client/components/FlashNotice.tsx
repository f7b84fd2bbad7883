import { useState } from 'react';
import { takeFlashNotice } from '../flash-notice';
import { Notice } from './Notice';
import '../account.css';

/** Shows, once, the notice a previous screen left (for example "Your account has been deleted."). */
export function FlashNotice() {
  const [text] = useState(takeFlashNotice);
  if (!text) return null;
  return (
    <div className="flash-notice">
      <Notice kind="success">{text}</Notice>
    </div>
  );
}
