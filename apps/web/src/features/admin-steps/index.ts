/** The admin's side of step tasks (decision 058): the step library editor and a member's steps for their coach. */
export { StepLibraryScreen } from './components/step-library-screen';
export { MemberStepsPanel } from './components/member-steps-panel';
