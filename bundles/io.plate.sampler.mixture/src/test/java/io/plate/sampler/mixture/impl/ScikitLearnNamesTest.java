package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.plate.api.PlateException;
import io.plate.api.learn.Params;
import io.plate.api.sample.Sampler;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A scikit-learn user's parameter names: GaussianMixture(n_components=3, n_init=5, covariance_type="diag") and
 * KMeans(n_clusters=3) mean k, restarts and covariance. Before, n_init was answered "did you mean init?", which
 * takes kmeans++ or random, and the others were unknown.
 */
class ScikitLearnNamesTest {
    private static final Sampler GAUSSIAN = new GaussianMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST);

    @Test
    void gaussianMixtureNamesAreTakenAsPlatesOwn() {
        Params p = GAUSSIAN.params(Map.of("n_components", "3", "n_init", "5", "covariance_type", "diag"));
        assertEquals(3, p.getInt("k"));
        assertEquals(5, p.getInt("restarts"));
        assertEquals("diag", p.getString("covariance"));
        assertEquals(4, GAUSSIAN.params(Map.of("n_clusters", "4")).getInt("k"));
        // checked as Plate's own: the range and the choices are theirs
        assertEquals("parameter 'covariance' = 'tied': expected one of full, diag", assertThrows(PlateException.class,
                () -> GAUSSIAN.params(Map.of("covariance_type", "tied"))).getMessage());
        assertEquals("parameter 'k' is given twice (as 'k' and as 'n_components')", assertThrows(PlateException.class,
                () -> GAUSSIAN.params(new java.util.TreeMap<>(Map.of("k", "3", "n_components", "3")))).getMessage());
    }

    /** Every mixture takes n_init; covariance_type only where there is a covariance. */
    @Test
    void eachSamplerTakesTheNamesOfWhatItHas() {
        Sampler categorical = new CategoricalMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST);
        assertEquals(3, categorical.params(Map.of("n_init", "3", "n_components", "2")).getInt("restarts"));
        assertThrows(PlateException.class, () -> categorical.params(Map.of("covariance_type", "diag")));
        Sampler multinomial = new MultinomialMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST);
        assertEquals(7, multinomial.params(Map.of("n_components", "7")).getInt("k"));
    }

    /**
     * A DP mixture's k is the number of clusters it starts from, not BayesianGaussianMixture's n_components (an upper
     * bound on them): that name stays unknown there, while n_init and covariance_type are taken.
     */
    @Test
    void aDirichletProcessMixtureDoesNotTakeNComponents() {
        Sampler dp = new DpGaussianMixtureSampler(RecoveryTest.RUNNER, SyntheticData.DIST);
        assertThrows(PlateException.class, () -> dp.params(Map.of("n_components", "10")));
        Params p = dp.params(Map.of("n_init", "2", "covariance_type", "diag"));
        assertEquals(2, p.getInt("restarts"));
        assertEquals("diag", p.getString("covariance"));
    }
}
