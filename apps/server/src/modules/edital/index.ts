// The public face of the edital module ("Meu edital"): its plugin, its service and personal data.
export { editalModule } from './edital.plugin';
export { createEditalService, type EditalService } from './edital.service';
export { editalPersonalData } from './personal-data';
export {
  editalExportFile,
  type EditalPersonalData,
  readEditalPersonalData,
} from './personal-data.repo';
