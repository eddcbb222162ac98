package io.plate.plain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.Plate;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.sample.Cancellation;
import io.plate.api.sample.Posterior;
import io.plate.api.sample.ProgressListener;
import io.plate.api.sample.RunSettings;
import io.plate.api.sample.Sampler;
import io.plate.api.sample.Table;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plate on an ordinary class path: the jars, their libraries, no OSGi framework. */
class PlainJavaTest {
    private static Path iris() {
        return Path.of(System.getProperty("plate.data"), "iris", "iris.csv");
    }

    @Test
    void noFrameworkOnTheClassPath() {
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.osgi.framework.BundleContext"));
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.apache.felix.framework.Felix"));
    }

    @Test
    void everyServiceIsFound() {
        List<String> learners = Plate.names(Learner.class);
        for (String l : List.of("nb.categorical", "nb.multinomial", "nb.bernoulli", "nb.complement", "nb.gaussian",
                "nb.mixed", "nb.dirichlet", "nb.kernel", "nb.sparse", "kde", "kernel.regression", "perceptron")) {
            assertTrue(learners.contains(l), l + " in " + learners);
        }
        assertEquals(List.of("arff", "csv", "libsvm", "text"), Plate.names(io.plate.api.data.Importer.class));
        assertTrue(Plate.names(Sampler.class).containsAll(List.of("mixture.gaussian", "mixture.multinomial",
                "mixture.dp-gaussian", "sparse.collapsed", "sparse.dirichlet")));
        assertEquals("fast", Plate.distributions().provider(), "the highest ranked provider");
        assertEquals("commons-math",
                Plate.service(io.plate.api.sample.Distributions.class, "commons-math").provider());
        PlateException e = assertThrows(PlateException.class, () -> Plate.learner("nb.nope"));
        assertTrue(e.getMessage().contains("no Learner named 'nb.nope'"), e.getMessage());
        assertFalse(Plate.VERSION.isBlank());
    }

    /**
     * A misspelt name gets the shell's "did you mean" (nb.gausian is nb.gaussian with one letter left out), a
     * misspelt parameter too (var_smothing: var_smoothing less one letter), and a null one names the argument.
     */
    @Test
    void aMisspeltNameSuggestsTheKnownOne() {
        String learner = assertThrows(PlateException.class, () -> Plate.learner("nb.gausian")).getMessage();
        assertTrue(learner.startsWith("no Learner named 'nb.gausian' on the class path (did you mean nb.gaussian?) (found: "),
                learner);
        Learner nb = Plate.learner("nb.gaussian");
        String parameter = assertThrows(PlateException.class, () -> nb.params(Map.of("var_smothing", "1e-9"))).getMessage();
        assertTrue(parameter.startsWith("unknown parameter 'var_smothing' (did you mean var_smoothing?); known: "), parameter);
        assertEquals("name", assertThrows(NullPointerException.class, () -> Plate.sampler(null)).getMessage());
        assertEquals("params", assertThrows(NullPointerException.class, () -> nb.params(null)).getMessage());
    }

    /** scikit-learn's GaussianNB on the whole of iris gets 144 of 150 right (src/test/python/iris_gaussian_nb.py). */
    @Test
    void trainPredictSaveLoad(@TempDir Path dir) throws Exception {
        Dataset iris = Plate.importer("csv").read(iris(), ImportOptions.defaults());
        Learner nb = Plate.learner("nb.gaussian");
        Model model = nb.fit(iris, nb.params(Map.of()), 1);
        double[] predicted = model.predict(iris);
        int right = 0;
        for (int r = 0; r < iris.rows(); r++) {
            if (model.classes().get((int) predicted[r]).equals(iris.labels().orElseThrow().level(r))) {
                right++;
            }
        }
        assertEquals(144, right);

        Path file = dir.resolve("iris.model.json");
        Plate.modelStore().save(model, file);
        Model back = Plate.modelStore().load(file);
        assertEquals(Plate.VERSION, back.provenance().plateVersion());
        double[][] a = model.predictLogProba(iris);
        double[][] b = back.predictLogProba(iris);
        for (int r = 0; r < a.length; r++) {
            for (int c = 0; c < a[r].length; c++) {
                assertEquals(a[r][c], b[r][c], 1e-12);
            }
        }
        assertTrue(Files.size(file) > 0);
    }

    /**
     * A Gaussian mixture with three components on iris: setosa is far from the other two species
     * (petal length below 2 cm against at least 3 cm), so the best draw puts the 50 setosa rows alone
     * in one cluster.
     */
    @Test
    void mixtureRun(@TempDir Path dir) throws Exception {
        Dataset iris = Plate.importer("csv").read(iris(), ImportOptions.defaults());
        Sampler sampler = Plate.sampler("mixture.gaussian");
        Map<String, String> given = new HashMap<>();
        given.put("k", "3");
        Posterior p = sampler.run(iris, sampler.params(given), new RunSettings(200, 100, 1, 2, 7L, 2),
                ProgressListener.NONE, new Cancellation());
        assertFalse(p.cancelled());
        assertEquals(2, p.trace().chains());
        assertEquals(100, p.trace().draws(0));
        Table assignments = p.tables().get("assignments");
        int[] cluster = new int[iris.rows()];
        for (List<String> row : assignments.rows()) {
            cluster[Integer.parseInt(row.get(0)) - 1] = Integer.parseInt(row.get(1)); // rows numbered from 1
        }
        for (int r = 0; r < iris.rows(); r++) {
            boolean setosa = iris.labels().orElseThrow().level(r).equals("setosa");
            assertEquals(setosa, cluster[r] == cluster[0], "row " + r);
        }
        p.write(dir.resolve("run"));
        assertTrue(Files.exists(dir.resolve("run/summary.json")));
    }

    /**
     * The samplers a program makes share one chain runner, as in a framework they share the one service: 30 runs of
     * 2 chains, each through a new {@code Plate.sampler}, reuse the idle worker threads. A runner per sampler left
     * 2 threads per run (60 here) until its pool's 60 s idle timeout; a shared one needs 2, a few more when a
     * finished worker is not yet idle as the next run starts.
     */
    @Test
    void samplersShareTheChainRunnersThreads() throws Exception {
        Dataset iris = Plate.importer("csv").read(iris(), ImportOptions.defaults()).withoutLabels();
        long before = chainThreads();
        for (int i = 0; i < 30; i++) {
            Sampler sampler = Plate.sampler("mixture.gaussian");
            assertFalse(sampler.run(iris, sampler.params(Map.of("k", "3")), new RunSettings(10, 5, 1, 2, i, 2),
                    ProgressListener.NONE, new Cancellation()).cancelled());
        }
        long made = chainThreads() - before;
        assertTrue(made <= 8, made + " more plate-chain threads after 30 runs");
    }

    private static long chainThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("plate-chain-")).count();
    }

    /** A run allowed more iterations than it asks for goes on until its summaries converge, and says so. */
    @Test
    void anExtensibleRunGoesOnUntilItConverges(@TempDir Path dir) throws Exception {
        Dataset iris = Plate.importer("csv").read(iris(), ImportOptions.defaults());
        Sampler sampler = Plate.sampler("mixture.gaussian");
        Posterior p = sampler.run(iris, sampler.params(Map.of("k", "3")),
                new RunSettings(200, 100, 1, 2, 7L, 2).withMaxIterations(4000), ProgressListener.NONE, new Cancellation());
        int went = p.settings().iterations();
        assertTrue(went > 200 && went <= 4000, "went to " + went);
        assertEquals(went - 100, p.trace().draws(0));
        assertTrue(String.valueOf(p.facts().get("extension")).startsWith("extended from 200 to " + went + " iterations"),
                String.valueOf(p.facts().get("extension")));
        boolean met = p.diagnostics().stream().allMatch(d -> Double.isNaN(d.essBulk())
                || d.essBulk() >= 400 && !(d.rhat() > 1.01));
        assertTrue(met || went == 4000, p.toString());
        p.write(dir.resolve("run"));
        String summary = Files.readString(dir.resolve("run/summary.json"));
        assertTrue(summary.contains("\"iterations\" : " + went) && summary.contains("\"maxIterations\" : 4000"), summary);
    }
}
