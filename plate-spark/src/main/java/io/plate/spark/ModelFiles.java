package io.plate.spark;

import io.plate.api.PlateException;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.classifier.impl.JsonModelStore;
import io.plate.classifier.impl.nb.NaiveBayesStatistics;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Model files through the classifier's own store ({@code plate:save} and {@code plate:load} use it): a
 * model trained on Spark loads in the shell, and one saved in the shell scores a DataFrame.
 */
public final class ModelFiles {
    private ModelFiles() {
    }

    private static JsonModelStore store() {
        List<Learner> learners = new ArrayList<>();
        for (String name : NaiveBayesStatistics.LEARNERS) {
            learners.add(NaiveBayesStatistics.learner(name));
        }
        return JsonModelStore.of(learners);
    }

    /** Written atomically (a temporary file moved over the target). */
    public static void save(Model model, Path file) throws IOException {
        store().save(model, file);
    }

    /** The names of the model's categorical features (its file's {@code categorical.features}), read as levels. */
    static java.util.Set<String> categoricalColumns(Model model) throws IOException {
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        com.fasterxml.jackson.databind.JsonNode root = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(SparkNaiveBayes.json(model));
        for (com.fasterxml.jackson.databind.JsonNode f : root.path("categorical").path("features")) {
            names.add(f.path("name").asText());
        }
        return names;
    }

    /** The model in {@code file}; a missing file is a {@link PlateException} naming it, as {@code plate:load} says. */
    public static Model load(Path file) throws IOException {
        try {
            return store().load(file);
        } catch (NoSuchFileException e) {
            throw new PlateException("no model file " + file);
        }
    }
}
