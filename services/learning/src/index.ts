export { learningService, startLearning, type LearningDeps, type RunningLearning } from './service';
