/** Every form type of the content format and the function that lays out its steps. */
import type { FormBlockData, FormType } from '../../content/forms.ts';
import type { FormBase, FormContext } from '../types.ts';
import { contactForm } from './contact.ts';
import { serviceBookingForm } from './service-booking.ts';
import { serviceBookingFullForm } from './service-booking-full.ts';
import { simpleServiceForm } from './simple-service.ts';
import { quickServiceForm } from './quick-service.ts';
import { financeForm } from './finance.ts';
import { tradeInForm } from './trade-in.ts';
import { valuationForm } from './valuation.ts';
import { testDriveForm } from './test-drive.ts';
import { partsForm } from './parts.ts';
import { orderNowForm } from './order-now.ts';

export const formBuilders = {
  contact: contactForm,
  serviceBooking: serviceBookingForm,
  serviceBookingFull: (ctx) => serviceBookingFullForm(ctx),
  simpleServiceBooking: simpleServiceForm,
  quickService: quickServiceForm,
  finance: financeForm,
  tradeIn: tradeInForm,
  valuation: valuationForm,
  testDrive: testDriveForm,
  parts: partsForm,
  orderNow: orderNowForm,
} satisfies Record<FormType, (ctx: FormContext, data: FormBlockData) => FormBase>;
