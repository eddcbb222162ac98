package io.plate.spark;

import io.plate.api.PlateException;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.classifier.impl.JsonModelStore;
import io.plate.classifier.impl.nb.NaiveBayesStatistics;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Model files through the classifier's own store ({@code plate:save} and {@code plate:load} use it): a
 * model trained on Spark loads in the shell, and one saved in the shell scores a DataFrame. A file is a
 * local path or {@code file:} URI, or on a Hadoop file system ({@code hdfs:///models/m.json}, {@link Locations}).
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

    /** Written atomically to {@code location}: a local path or URI, or one of a Hadoop file system ({@code conf}'s). */
    public static void save(Model model, String location, Configuration conf) throws IOException {
        Path local = Locations.local(location);
        if (local != null) {
            save(model, local);
            return;
        }
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(location);
        new HadoopCheckpointStore(file.getParent().toString(), conf).write(file.getName(), model::writeJson);
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

    /** The model at {@code location}: a local path or URI, or one of a Hadoop file system ({@code conf}'s). */
    public static Model load(String location, Configuration conf) throws IOException {
        Path local = Locations.local(location);
        if (local != null) {
            return load(local);
        }
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(location);
        byte[] bytes;
        try (InputStream in = file.getFileSystem(conf).open(file)) {
            bytes = in.readAllBytes();
        } catch (FileNotFoundException e) {
            throw new PlateException("no model file " + location);
        }
        return store().load(location, bytes);
    }
}
