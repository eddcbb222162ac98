package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleException;

/** Felix 7.0.5's resolver reports (copied from its output for the manifests named) in words. */
class BundleProblemTest {
    @Test
    void aMissingPackageIsNamedWithItsVersionRange() {
        // Import-Package: org.y;version="[1,2)"
        String report = "Unable to resolve bar [30](R 30.0): missing requirement [bar [30](R 30.0)] osgi.wiring.package; "
                + "(&(osgi.wiring.package=org.y)(version>=1.0.0)(!(version>=2.0.0))) Unresolved requirements: "
                + "[[bar [30](R 30.0)] osgi.wiring.package; (&(osgi.wiring.package=org.y)(version>=1.0.0)(!(version>=2.0.0)))]";
        assertEquals("missing package org.y (version [1.0.0,2.0.0))",
                BundleProblem.reason(new BundleException(report, BundleException.RESOLVE_ERROR)));
    }

    @Test
    void aPackageWhoseExporterDoesNotResolveNamesTheExporterAndWhatItMisses() {
        // foo: Import-Package: org.x; bar: Export-Package: org.x, Import-Package: org.y;version="[1,2)"
        String report = "Unable to resolve foo [29](R 29.0): missing requirement [foo [29](R 29.0)] osgi.wiring.package; "
                + "(osgi.wiring.package=org.x) [caused by: Unable to resolve bar [30](R 30.0): missing requirement "
                + "[bar [30](R 30.0)] osgi.wiring.package; (&(osgi.wiring.package=org.y)(version>=1.0.0)(!(version>=2.0.0)))] "
                + "Unresolved requirements: [[foo [29](R 29.0)] osgi.wiring.package; (osgi.wiring.package=org.x)]";
        assertEquals("needs package org.x from bar, which is missing package org.y (version [1.0.0,2.0.0))",
                BundleProblem.unresolved(report));
    }

    @Test
    void otherRequirementsAndRanges() {
        // Require-Bundle: nosuch.bundle;bundle-version="[1.0,1.0]"
        assertEquals("missing bundle nosuch.bundle (version [1.0.0,1.0.0])", BundleProblem.unresolved(
                "Unable to resolve b [5](R 5.0): missing requirement [b [5](R 5.0)] osgi.wiring.bundle; "
                        + "(&(osgi.wiring.bundle=nosuch.bundle)(bundle-version>=1.0.0)(bundle-version<=1.0.0))"));
        // Import-Package: org.x;version=1.2
        assertEquals("missing package org.x (version >=1.2.0)", BundleProblem.unresolved(
                "Unable to resolve b [5](R 5.0): missing requirement [b [5](R 5.0)] osgi.wiring.package; "
                        + "(&(osgi.wiring.package=org.x)(version>=1.2.0))"));
        assertNull(BundleProblem.unresolved("Activator start error in bundle b [5]."));
    }

    @Test
    void anyOtherFailureIsItsInnermostMessageOnOneLine() {
        Exception e = new BundleException("Activator start error", new IllegalStateException("no\nconfig"));
        assertEquals("no config", BundleProblem.reason(e));
        assertEquals("NullPointerException", BundleProblem.reason(new NullPointerException()));
        assertEquals("", BundleProblem.reason(null));
    }
}
