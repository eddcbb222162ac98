package io.plate.classifier.impl;

import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.classifier.impl.nb.CategoricalNaiveBayes;
import io.plate.classifier.impl.nb.GaussianNaiveBayes;
import io.plate.classifier.impl.nb.MultinomialNaiveBayes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Writes the golden model files of {@link ModelStoreTest} (format version 1). Run once when the format
 * was made; the files are committed and must keep loading and predicting the same, so do not re-run it
 * to make a failing test pass. From the repository root:
 * <pre>
 * CP=$(bash bench/classpath.sh bundles/io.plate.classifier)
 * java -cp "$CP" -Dplate.data=data io.plate.classifier.impl.GoldenFiles bundles/io.plate.classifier/src/test/resources/golden
 * </pre>
 */
public final class GoldenFiles {
    private GoldenFiles() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        write(new CategoricalNaiveBayes(), Map.of(),
                SharedData.categoricalCsv("car/car.csv", java.util.Set.of(), false, false), dir.resolve("car-categorical.json"));
        write(new GaussianNaiveBayes(), Map.of(), SharedData.numericCsv("iris/iris.csv", false),
                dir.resolve("iris-gaussian.json"));
        write(new MultinomialNaiveBayes(), Map.of(),
                SharedData.textTsv("sms-spam-collection/sms-spam.tsv", i -> i % 4 != 0), dir.resolve("sms-multinomial.json"));
    }

    private static void write(Learner l, Map<String, String> params, Dataset d, Path file) throws Exception {
        Model m = l.fit(d, l.params(params), 0);
        JsonModelStore.of(java.util.List.of(l)).save(m, file);
        System.out.println(file + ": " + m);
    }
}
