package io.plate.classifier.impl;

import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import io.plate.api.learn.Provenance;
import io.plate.classifier.impl.nb.BernoulliNaiveBayes;
import io.plate.classifier.impl.nb.CategoricalNaiveBayes;
import io.plate.classifier.impl.nb.ComplementNaiveBayes;
import io.plate.classifier.impl.nb.DirichletNaiveBayes;
import io.plate.classifier.impl.nb.GaussianNaiveBayes;
import io.plate.classifier.impl.nb.MixedNaiveBayes;
import io.plate.classifier.impl.nb.MultinomialNaiveBayes;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Model files: golden files of format version 1 keep loading and predicting scikit-learn's probabilities;
 * every learner's model survives a save and load bit for bit; saves are atomic; bad files are refused
 * with a message naming the field.
 */
class ModelStoreTest {
    private static final List<Learner> LEARNERS = List.of(new CategoricalNaiveBayes(), new MultinomialNaiveBayes(),
            new ComplementNaiveBayes(), new BernoulliNaiveBayes(), new GaussianNaiveBayes(), new MixedNaiveBayes(),
            new DirichletNaiveBayes());
    private final JsonModelStore store = JsonModelStore.of(LEARNERS);

    @TempDir
    Path dir;

    private Path golden(String name) throws IOException {
        Path p = dir.resolve(name);
        try (InputStream in = getClass().getResourceAsStream("/golden/" + name)) {
            Files.copy(in, p);
        }
        return p;
    }

    private static void assertParity(Model m, Dataset test, String fixture) throws IOException {
        ParityTest.Fixture f = ParityTest.Fixture.read(fixture);
        assertEquals(f.classes, m.classes());
        double[][] lp = m.predictLogProba(test);
        for (int i = 0; i < f.rows.length; i++) {
            for (int k = 0; k < f.classes.size(); k++) {
                assertEquals(f.proba[i][k], Math.exp(lp[f.rows[i]][k]), 1e-9, fixture + " row " + f.rows[i]);
            }
        }
    }

    @Test
    void goldenFilesLoadAndPredictAsScikitLearn() throws IOException {
        Dataset car = SharedData.categoricalCsv("car/car.csv", Set.of(), false, false);
        assertParity(store.load(golden("car-categorical.json")), car, "car-categorical");
        Dataset iris = SharedData.numericCsv("iris/iris.csv", false);
        assertParity(store.load(golden("iris-gaussian.json")), iris, "iris-gaussian");
        Dataset sms = SharedData.textTsv("sms-spam-collection/sms-spam.tsv", i -> i % 4 == 0);
        Model m = store.load(golden("sms-multinomial.json"));
        assertEquals("nb.multinomial", m.type());
        assertEquals(Map.of("alpha", "1.0", "fit_prior", "true"), m.provenance().params());
        assertParity(m, sms, "sms-multinomial");
    }

    private static Dataset mixed() {
        return Tiny.data("m").categorical(Tiny.cat("f", "a", "b", "a", null))
                .numeric(Tiny.num("h", 1.5, 2.25, Double.NaN, 0.1))
                .sparse(Tiny.words("good cheap", "bad", "good good", "slow"))
                .labels(Tiny.cat("class", "P", "N", "P", "N")).build();
    }

    @Test
    void everyModelSurvivesSaveAndLoadExactly() throws IOException {
        Dataset d = mixed();
        for (Learner l : LEARNERS) {
            Model m = l.fit(d, l.params(Map.of()), 42);
            Path f = dir.resolve(l.name() + ".json");
            store.save(m, f);
            Model back = store.load(f);
            assertEquals(m.type(), back.type());
            assertEquals(m.classes(), back.classes());
            assertEquals(m.columns(), back.columns(), l.name());
            Provenance p = back.provenance();
            assertEquals(42, p.seed());
            assertEquals(m.provenance().params(), p.params());
            double[][] a = m.predictLogProba(d);
            double[][] b = back.predictLogProba(d);
            for (int r = 0; r < a.length; r++) {
                assertArrayEquals(a[r], b[r], 0.0, l.name() + " row " + r);
            }
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(LEARNERS.size(), files.count(), "no temporary files are left behind");
        }
    }

    /**
     * Classes that are numbers are in scikit-learn's order, by value (2, 10, 100); the model files of
     * nb.kernel, kde and perceptron were refused on load ("field 'classes' is not in sorted order at '10'").
     */
    @Test
    void numericClassesSurviveSaveAndLoad() throws IOException {
        Dataset d = Tiny.data("n").numeric(Tiny.num("x", 0.1, 0.3, 2.0, 2.4, 5.0, 5.5, 0.2, 2.2, 5.2))
                .numeric(Tiny.num("z", 1, 0, 1, 0, 1, 0, 1, 1, 0))
                .labels(Tiny.cat("class", "2", "2", "10", "10", "100", "100", "2", "10", "100")).build();
        List<Learner> all = new java.util.ArrayList<>(LEARNERS.subList(4, LEARNERS.size()));
        all.add(new io.plate.classifier.impl.nb.KernelNaiveBayesLearner());
        all.add(new io.plate.classifier.impl.kernel.KernelClassifierLearner());
        all.add(new io.plate.classifier.impl.perceptron.PerceptronLearner());
        JsonModelStore numbers = JsonModelStore.of(all);
        for (Learner l : all) {
            Model m = l.fit(d, l.params(Map.of()), 1);
            assertEquals(List.of("2", "10", "100"), m.classes(), l.name());
            Path f = dir.resolve(l.name() + "-numeric.json");
            numbers.save(m, f);
            Model back = numbers.load(f);
            assertEquals(m.classes(), back.classes(), l.name());
            double[][] a = m.predictLogProba(d);
            double[][] b = back.predictLogProba(d);
            for (int r = 0; r < a.length; r++) {
                assertArrayEquals(a[r], b[r], 0.0, l.name() + " row " + r);
            }
        }
    }

    @Test
    void aFailedSaveLeavesTheOldFile() throws IOException {
        Learner l = new CategoricalNaiveBayes();
        Model good = l.fit(mixed(), l.params(Map.of()), 0);
        Path f = dir.resolve("m.json");
        store.save(good, f);
        byte[] before = Files.readAllBytes(f);
        Model broken = new Model() {
            @Override
            public String type() {
                return good.type();
            }

            @Override
            public List<String> classes() {
                return good.classes();
            }

            @Override
            public double[][] predictLogProba(Dataset data) {
                return good.predictLogProba(data);
            }

            @Override
            public Provenance provenance() {
                return good.provenance();
            }

            @Override
            public void writeJson(OutputStream out) throws IOException {
                out.write("{\"format\": \"plate-mo".getBytes(StandardCharsets.UTF_8));
                throw new IOException("disk full");
            }
        };
        assertThrows(IOException.class, () -> store.save(broken, f));
        assertArrayEquals(before, Files.readAllBytes(f));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.count());
        }
    }

    private String carJson() throws IOException {
        return Files.readString(golden("car-categorical.json"));
    }

    private ModelFormatException refused(String json) throws IOException {
        Path f = dir.resolve("bad-" + Math.abs(json.hashCode()) + ".json");
        Files.writeString(f, json);
        return assertThrows(ModelFormatException.class, () -> store.load(f));
    }

    @Test
    void badFilesAreRefusedWithTheFieldNamed() throws IOException {
        String ok = carJson();
        String notJson = refused("not json").getMessage();
        assertTrue(notJson.endsWith(": not valid JSON at line 1, column 1: unrecognised word 'not' (expected a string, number, array, object, true, false or null)"), notJson);
        assertTrue(refused(ok.replace("\"plate-model\"", "\"other\"")).getMessage().contains("format"));
        assertTrue(refused(ok.replace("\"version\" : 1", "\"version\" : 2")).getMessage().contains("version 2"));
        assertTrue(refused(ok.replace("\"type\" : \"nb.categorical\"", "\"type\" : \"nb.unknown\""))
                .getMessage().contains("nb.unknown"));
        String dims = refused(ok.replace("[ 384.0, 69.0, 1210.0, 65.0 ]", "[ 384.0, 69.0, 1210.0 ]")).getMessage();
        assertTrue(dims.contains("classCounts") && dims.contains("expected 4"), dims);
        String negative = refused(ok.replace("[ 72.0, 0.0, 360.0, 0.0 ]", "[ 72.0, -1.0, 360.0, 0.0 ]")).getMessage();
        assertTrue(negative.contains("categorical.features[0].counts[0][1]") && negative.contains("negative"), negative);
        String infinite = refused(ok.replace("[ 384.0, 69.0, 1210.0, 65.0 ]", "[ 384.0, 1e999, 1210.0, 65.0 ]"))
                .getMessage();
        assertTrue(infinite.contains("classCounts[1]") && infinite.contains("not finite"), infinite);
        String levels = refused(ok.replace("\"levels\" : [ \"vhigh\", \"high\", \"med\", \"low\" ]",
                "\"levels\" : [ \"vhigh\", \"high\", \"med\" ]")).getMessage();
        assertTrue(levels.contains("counts") && levels.contains("expected 3"), levels);
        String param = refused(ok.replace("\"alpha\" : \"1.0\"", "\"alpha\" : \"-2\"")).getMessage();
        assertTrue(param.contains("alpha"), param);
        assertTrue(refused(ok.replace("\"classes\"", "\"klasses\"")).getMessage().contains("'classes'"));
    }

    /** A folder given as the model file is named in the message (Java's own IOException names no path). */
    @Test
    void aFolderIsRefusedWithItsName() {
        IOException e = assertThrows(IOException.class, () -> store.load(dir));
        assertEquals(dir + ": Is a directory, not a model file", e.getMessage());
    }
}
