/** Step tasks on the member's side (decision 058): the dashboard card; the chat's part is drawn by app/member/programme-attachment. */
export { StepCard } from './components/step-card';
