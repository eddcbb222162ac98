package io.plate.distributions.impl;

import org.apache.commons.rng.UniformRandomProvider;

/** Uniform variates on intervals that suit logarithms. */
public final class Uniforms {
    private Uniforms() {
    }

    /** Uniform on (0, 1] with 53 random bits: never 0, so its logarithm is finite. */
    public static double openClosed(UniformRandomProvider rng) {
        return ((rng.nextLong() >>> 11) + 1) * 0x1.0p-53;
    }
}
