package io.plate.classifier.impl;

import io.plate.api.ClassPathServices;
import io.plate.api.Plate;
import io.plate.api.learn.Evaluator;
import io.plate.api.learn.Learner;
import io.plate.api.learn.ModelStore;
import io.plate.classifier.impl.kernel.KernelClassifierLearner;
import io.plate.classifier.impl.kernel.KernelNames;
import io.plate.classifier.impl.kernel.KernelRegressionLearner;
import io.plate.classifier.impl.nb.BernoulliNaiveBayes;
import io.plate.classifier.impl.nb.CategoricalNaiveBayes;
import io.plate.classifier.impl.nb.ComplementNaiveBayes;
import io.plate.classifier.impl.nb.DirichletNaiveBayes;
import io.plate.classifier.impl.nb.GaussianNaiveBayes;
import io.plate.classifier.impl.nb.KernelNaiveBayesLearner;
import io.plate.classifier.impl.nb.MixedNaiveBayes;
import io.plate.classifier.impl.nb.MultinomialNaiveBayes;
import io.plate.classifier.impl.nb.Names;
import io.plate.classifier.impl.perceptron.PerceptronLearner;
import io.plate.classifier.impl.perceptron.PerceptronNames;
import java.util.ArrayList;
import java.util.List;

/**
 * This jar's learners, model store and evaluator on a plain class path. The model store reads the
 * files of every learner on the class path (the sparse sampler's too).
 */
public final class ClassifierServices implements ClassPathServices {
    @Override
    public void register(Registry registry) {
        registry.add(Learner.class, Names.CATEGORICAL, 0, CategoricalNaiveBayes::new);
        registry.add(Learner.class, Names.MULTINOMIAL, 0, MultinomialNaiveBayes::new);
        registry.add(Learner.class, Names.COMPLEMENT, 0, ComplementNaiveBayes::new);
        registry.add(Learner.class, Names.BERNOULLI, 0, BernoulliNaiveBayes::new);
        registry.add(Learner.class, Names.GAUSSIAN, 0, GaussianNaiveBayes::new);
        registry.add(Learner.class, Names.MIXED, 0, MixedNaiveBayes::new);
        registry.add(Learner.class, Names.DIRICHLET, 0, DirichletNaiveBayes::new);
        registry.add(Learner.class, KernelNames.NB_KERNEL, 0, KernelNaiveBayesLearner::new);
        registry.add(Learner.class, KernelNames.KDE, 0, KernelClassifierLearner::new);
        registry.add(Learner.class, KernelNames.KERNEL_REGRESSION, 0, KernelRegressionLearner::new);
        registry.add(Learner.class, PerceptronNames.PERCEPTRON, 0, PerceptronLearner::new);
        registry.add(ModelStore.class, "json", 0, () -> {
            List<Learner> learners = new ArrayList<>();
            for (String name : Plate.names(Learner.class)) {
                learners.add(Plate.learner(name));
            }
            return JsonModelStore.of(learners);
        });
        registry.add(Evaluator.class, "cross-validation", 0, CrossValidationEvaluator::new);
    }
}
