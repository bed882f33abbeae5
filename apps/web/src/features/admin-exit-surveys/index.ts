export { ExitSurveysScreen } from './components/exit-surveys-screen';
