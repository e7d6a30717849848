/**
 * The one import point for react-toastify: the unstyled build plus its stylesheet, so the CSS ships
 * as CSS instead of inside the JavaScript, and `toast` and `ToastContainer` share one store.
 */
import 'react-toastify/ReactToastify.css';

export { toast, ToastContainer } from 'react-toastify/unstyled';
