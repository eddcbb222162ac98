package io.plate.api.sample;

/**
 * A progress report of a running set of chains.
 *
 * @param iteration       sweeps done by the slowest chain
 * @param iterations      sweeps to do per chain
 * @param chains          number of chains
 * @param sweepsPerSecond sweeps per second over all chains so far
 * @param etaSeconds      estimated seconds left (NaN while unknown)
 * @param logJoint        a recent log joint of one chain, the one {@code logJointChain} names (NaN while unknown)
 * @param rhat            worst split R-hat over the summaries so far (NaN with one chain or too few draws)
 * @param sweeps          sweeps done over all chains (since 1.3.0): with more chains than threads the slowest
 *                        chain waits at 0 until a thread is free, while this counts what is done
 * @param logJointChain   the chain, numbered from 0, whose state {@code logJoint} is of, −1 when not said
 *                        (since 1.9.0): with more chains than threads, chain 0 ends while others still run
 */
public record Progress(long iteration, long iterations, int chains, double sweepsPerSecond, double etaSeconds,
        double logJoint, double rhat, long sweeps, int logJointChain) {
    /** A report that does not say which chain its log joint is of (as before 1.9.0). */
    public Progress(long iteration, long iterations, int chains, double sweepsPerSecond, double etaSeconds,
            double logJoint, double rhat, long sweeps) {
        this(iteration, iterations, chains, sweepsPerSecond, etaSeconds, logJoint, rhat, sweeps, -1);
    }

    /** A report whose chains all ran as fast as the slowest: {@code sweeps = iteration · chains}. */
    public Progress(long iteration, long iterations, int chains, double sweepsPerSecond, double etaSeconds,
            double logJoint, double rhat) {
        this(iteration, iterations, chains, sweepsPerSecond, etaSeconds, logJoint, rhat, iteration * chains);
    }
}
