package io.plate.classifier.impl.kernel;

/** Learner and parameter names of the kernel learners, spelled once. */
public final class KernelNames {
    public static final String NB_KERNEL = "nb.kernel";
    public static final String KDE = "kde";
    public static final String KERNEL_REGRESSION = "kernel.regression";

    public static final String BANDWIDTH = "bandwidth";
    public static final String BANDWIDTH_SCOPE = "bandwidth_scope";
    public static final String CUTOFF = "cutoff";
    public static final String GRID = "grid";
    public static final String ALPHA = "alpha";
    public static final String FIT_PRIOR = "fit_prior";
    public static final String KERNEL = "kernel";
    public static final String STANDARDIZE = "standardize";

    private KernelNames() {
    }
}
