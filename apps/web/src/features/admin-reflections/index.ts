export { ReflectionsScreen } from './components/reflections-screen';
