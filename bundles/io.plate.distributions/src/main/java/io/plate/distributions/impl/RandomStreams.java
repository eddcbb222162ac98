package io.plate.distributions.impl;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.core.source64.XoRoShiRo128PlusPlus;

/**
 * Independent generator streams from one root seed, shared by both providers so that a run's streams
 * do not depend on which provider is installed.
 *
 * <p>Stream {@code i} of seed {@code s}: the 128-bit state of an XoRoShiRo128++ generator is filled
 * from {@code s} by two SplitMix64 outputs (Steele, Lea and Flood 2014; the seeding the xoroshiro
 * authors recommend), then advanced by {@code i} long jumps of 2^96 steps each. Stream 0 is the
 * generator seeded with {@code s}; streams never overlap for fewer than 2^32 streams of at most 2^96
 * draws each. Seeds {@code s} and {@code s + 1} give unrelated states (SplitMix64 is a bijective
 * mixer), and stream {@code i} is never the stream of seed {@code s + i}.
 */
public final class RandomStreams {
    /** The generator's name, for provenance records. */
    public static final String ALGORITHM = "XO_RO_SHI_RO_128_PP (SplitMix64 seeding, long jumps per stream)";

    private RandomStreams() {
    }

    /** A new generator for stream {@code index >= 0} of {@code seed}. */
    public static UniformRandomProvider stream(long seed, int index) {
        if (index < 0) {
            throw new IllegalArgumentException("index must be >= 0, got " + index);
        }
        long state = seed;
        state += 0x9e3779b97f4a7c15L;
        long s0 = mix(state);
        state += 0x9e3779b97f4a7c15L;
        long s1 = mix(state);
        if (s0 == 0 && s1 == 0) {
            s1 = 0x9e3779b97f4a7c15L; // the all-zero state is the generator's one fixed point
        }
        XoRoShiRo128PlusPlus rng = new XoRoShiRo128PlusPlus(s0, s1);
        for (int i = 0; i < index; i++) {
            rng.longJump();
        }
        return rng;
    }

    /** SplitMix64's output function (Stafford's Mix13). */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
