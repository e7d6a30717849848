import { PEOPLE_TEXTS, deleteBlocks } from '@evfleet/domain';

/** The super users screens' texts (§2.8). */
export const en = {
  'list.title': 'Super Users List',
  'list.empty': 'No super users found',
  name: 'Full Name',
  mobileNumber: 'Mobile Number',
  contactEmail: 'Primary Contact email',
  address: 'Address',
  'detail.title': 'User Detail',
  'detail.userId': 'User id',
  loadFailed: 'This user could not be loaded.',
  back: 'Back',
  edit: 'Edit',
  'form.add': 'Add User',
  'form.edit': 'Edit User',
  'form.email': 'Email',
  'form.password': 'Password',
  'delete.title': 'Confirm delete operation',
  'delete.question': deleteBlocks.superUser('{{name}}'),
  'toast.deleted': PEOPLE_TEXTS.userDeleted,
} as const;
