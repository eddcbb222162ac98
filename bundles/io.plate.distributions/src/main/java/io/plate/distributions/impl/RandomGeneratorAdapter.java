package io.plate.distributions.impl;

import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * A Commons Math {@link RandomGenerator} view of a Commons RNG generator, so that Commons Math
 * distributions draw from the caller's explicit generator. {@code nextGaussian} is Box–Muller without
 * a cached second value (the adapter holds no state of its own); reseeding is refused.
 */
final class RandomGeneratorAdapter implements RandomGenerator {
    private final UniformRandomProvider rng;

    RandomGeneratorAdapter(UniformRandomProvider rng) {
        if (rng == null) {
            throw new IllegalArgumentException("rng must be given, got null");
        }
        this.rng = rng;
    }

    @Override
    public void setSeed(int seed) {
        throw new UnsupportedOperationException("the generator is owned by the caller; seed it there");
    }

    @Override
    public void setSeed(int[] seed) {
        throw new UnsupportedOperationException("the generator is owned by the caller; seed it there");
    }

    @Override
    public void setSeed(long seed) {
        throw new UnsupportedOperationException("the generator is owned by the caller; seed it there");
    }

    @Override
    public void nextBytes(byte[] bytes) {
        rng.nextBytes(bytes);
    }

    @Override
    public int nextInt() {
        return rng.nextInt();
    }

    @Override
    public int nextInt(int n) {
        return rng.nextInt(n);
    }

    @Override
    public long nextLong() {
        return rng.nextLong();
    }

    @Override
    public boolean nextBoolean() {
        return rng.nextBoolean();
    }

    @Override
    public float nextFloat() {
        return rng.nextFloat();
    }

    @Override
    public double nextDouble() {
        return rng.nextDouble();
    }

    @Override
    public double nextGaussian() {
        double u1 = Uniforms.openClosed(rng);
        double u2 = rng.nextDouble();
        return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }
}
