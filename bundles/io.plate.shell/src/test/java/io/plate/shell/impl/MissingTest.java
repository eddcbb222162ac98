package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

class MissingTest {
    private static Missing.Provider mixture(int state, boolean deployed, long sinceModifiedMillis) {
        return new Missing.Provider("io.plate.sampler.mixture", "0.1.1", 12, state, deployed, sinceModifiedMillis, true,
                java.util.Set.of("io.plate.api.sample.Sampler"));
    }

    @Test
    void aDeployedBundleStillRegisteringItsSamplersIsNamedInsteadOfTheLeftOutFeature() {
        // examples/hot-swap/demo.sh, 1 run in 6: --features left out plate-samplers, the mixture bundle was just
        // updated from the deploy folder and had registered 3 of its 6 samplers
        assertEquals(List.of("io.plate.sampler.mixture 0.1.1 (bundle 12) was installed or updated 0.4 s ago and may"
                + " still be registering its services one at a time; try again in a moment"),
                Missing.why("plate-samplers", List.of(mixture(Bundle.ACTIVE, true, 400))));
    }

    @Test
    void aBundleBetweenRevisionsIsNamedWithItsState() {
        assertEquals(List.of("io.plate.sampler.mixture 0.1.1 (bundle 12) is installed but not active (not resolved yet:"
                + " being installed or updated?); try again in a moment"),
                Missing.why("plate-samplers", List.of(mixture(Bundle.INSTALLED, true, 100))));
        assertEquals(List.of("io.plate.sampler.mixture 0.1.1 (bundle 12) is starting; try again in a moment"),
                Missing.why("plate-samplers", List.of(mixture(Bundle.STARTING, true, 100))));
    }

    @Test
    void theLeftOutFeaturesAreNamedWhenNoProviderIsOnItsWay() {
        // deployed long ago, or installed by the launcher (started before any command): settled
        assertEquals(List.of("--features left out plate-samplers"),
                Missing.why("plate-samplers", List.of(mixture(Bundle.ACTIVE, true, 60_000))));
        assertEquals(List.of("--features left out plate-classifier, plate-samplers"),
                Missing.why("plate-classifier,plate-samplers", List.of(mixture(Bundle.ACTIVE, false, 50))));
        assertEquals(List.of(), Missing.why(null, List.of(mixture(Bundle.ACTIVE, false, 50))));
    }

    /**
     * A missing sampler names only the left-out feature that brings samplers; it named plate-classifier too, which
     * holds none. A missing learner may be in either (nb.sparse comes with plate-samplers).
     */
    @Test
    void onlyTheLeftOutFeaturesThatBringTheKindAskedForAreNamed() {
        assertEquals(List.of("--features left out plate-samplers"),
                Missing.why("plate-classifier,plate-samplers", List.of(), io.plate.api.sample.Sampler.class));
        assertEquals(List.of("--features left out plate-classifier, plate-samplers"),
                Missing.why("plate-classifier,plate-samplers", List.of(), io.plate.api.learn.Learner.class));
        assertEquals(List.of(), Missing.why("plate-classifier", List.of(), io.plate.api.sample.Sampler.class));
    }

    @Test
    void aStoppedProviderIsNamedWithTheCommandThatStartsIt() {
        assertEquals(List.of("--features left out plate-classifier", "stopped: io.plate.sampler.mixture (bundle 12);"
                + " 'start ID' starts one"), Missing.why("plate-classifier", List.of(mixture(Bundle.RESOLVED, false, 0))));
    }

    /** A stopped classifier bundle ({@code stop 19}) was reported as a feature not installed. */
    @Test
    void aStoppedServiceProviderIsNamedNotCalledUninstalled() {
        List<String> stopped = Missing.why(null, List.of(new Missing.Provider("io.plate.classifier", "0.1.0", 19,
                Bundle.RESOLVED, false, 60_000, false, java.util.Set.of())));
        assertEquals("no ModelStore service is active (it comes with the plate-classifier feature); stopped:"
                + " io.plate.classifier (bundle 19); 'start ID' starts one",
                Missing.service("ModelStore", "plate-classifier", stopped));
        assertEquals("no ModelStore service is installed (it comes with the plate-classifier feature)",
                Missing.service("ModelStore", "plate-classifier", List.of()));
    }

    /**
     * stop 21, update 15, refresh: Felix leaves the stopped bundle INSTALLED (unresolved) until it is started; it
     * was said to be "being installed or updated; try again in a moment", for good.
     */
    @Test
    void aStoppedBundleLeftUnresolvedByARefreshIsNamedAsStopped() {
        Missing.Provider stoppedThenRefreshed = new Missing.Provider("io.plate.sampler.mixture", "0.1.0", 21,
                Bundle.INSTALLED, false, 60_000, false, java.util.Set.of("io.plate.api.sample.Sampler"));
        assertEquals(List.of("stopped: io.plate.sampler.mixture (bundle 21); 'start ID' starts one"),
                Missing.why(null, List.of(stoppedThenRefreshed)));
    }

    /** A missing learner is not answered with a sampler bundle, which cannot provide one (nor the reverse). */
    @Test
    void onlyBundlesThatMayProvideTheKindAskedForAreNamed() {
        Missing.Provider sampler = mixture(Bundle.RESOLVED, false, 0);
        Missing.Provider classifier = new Missing.Provider("io.plate.classifier", "0.1.0", 19, Bundle.RESOLVED, false,
                60_000, false, Missing.services("osgi.service;objectClass:List<String>=\"io.plate.api.learn.Evaluator\","
                        + "osgi.service;objectClass:List<String>=\"io.plate.api.learn.Learner\";uses:=\"io.plate.api.learn\""));
        assertEquals(List.of("stopped: io.plate.classifier (bundle 19); 'start ID' starts one"),
                Missing.why(null, List.of(sampler, classifier), io.plate.api.learn.Learner.class));
        assertEquals(List.of("stopped: io.plate.sampler.mixture (bundle 12); 'start ID' starts one"),
                Missing.why(null, List.of(sampler, classifier), io.plate.api.sample.Sampler.class));
        // a bundle that declares no services may provide any
        Missing.Provider undeclared = new Missing.Provider("x", "1.0.0", 30, Bundle.RESOLVED, false, 0, false,
                java.util.Set.of());
        assertEquals(List.of("stopped: x (bundle 30); 'start ID' starts one"),
                Missing.why(null, List.of(undeclared), io.plate.api.learn.Learner.class));
    }

    /** In Karaf a kind with no service left names the feature of Plate's that brings it (KarafIT runs it in Karaf). */
    @org.junit.jupiter.api.Test
    void karafsFeatureOfAKind() {
        org.junit.jupiter.api.Assertions.assertEquals(java.util.Optional.of("plate-samplers"),
                Missing.karafFeature(io.plate.api.sample.Sampler.class));
        org.junit.jupiter.api.Assertions.assertEquals(java.util.Optional.of("plate-classifier"),
                Missing.karafFeature(io.plate.api.learn.Learner.class));
        org.junit.jupiter.api.Assertions.assertEquals(java.util.Optional.empty(), Missing.karafFeature(null));
    }
}
