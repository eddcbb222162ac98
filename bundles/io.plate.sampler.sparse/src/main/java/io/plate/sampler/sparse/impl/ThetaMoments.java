package io.plate.sampler.sparse.impl;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * Running sums over kept draws, per slot: E[θ], E[θ²] and P(Z = 1); per p-group: E[p], E[p²]. A chain
 * adds either θ itself (the sparse.dirichlet sampler) or its moments given the chain's state
 * (sparse.collapsed, Rao-Blackwellised). {@link #merge} pools chains.
 */
final class ThetaMoments {
    final double[] theta;
    final double[] thetaSq;
    final double[] activeCount;
    final double[] p;
    final double[] pSq;
    long draws;

    ThetaMoments(int slots, int pGroups) {
        theta = new double[slots];
        thetaSq = new double[slots];
        activeCount = new double[slots];
        p = new double[pGroups];
        pSq = new double[pGroups];
    }

    void addP(double[] current) {
        for (int g = 0; g < p.length; g++) {
            p[g] += current[g];
            pSq[g] += current[g] * current[g];
        }
    }

    void merge(ThetaMoments o) {
        for (int s = 0; s < theta.length; s++) {
            theta[s] += o.theta[s];
            thetaSq[s] += o.thetaSq[s];
            activeCount[s] += o.activeCount[s];
        }
        for (int g = 0; g < p.length; g++) {
            p[g] += o.p[g];
            pSq[g] += o.pSq[g];
        }
        draws += o.draws;
    }

    /** Writes the sums and the number of draws, for a chain's checkpoint. */
    void write(DataOutputStream out) throws IOException {
        out.writeLong(draws);
        for (double[] a : new double[][] {theta, thetaSq, activeCount, p, pSq}) {
            for (double x : a) {
                out.writeDouble(x);
            }
        }
    }

    /** Reads what {@link #write} wrote, into moments of the same size. */
    void read(DataInputStream in) throws IOException {
        long n = in.readLong();
        if (n < 0) {
            throw new IOException("a count of " + n + " kept draws");
        }
        draws = n;
        for (double[] a : new double[][] {theta, thetaSq, activeCount, p, pSq}) {
            for (int i = 0; i < a.length; i++) {
                a[i] = in.readDouble();
            }
        }
    }

    double thetaMean(int s) {
        return theta[s] / draws;
    }

    double thetaSd(int s) {
        double m = thetaMean(s);
        return Math.sqrt(Math.max(0, thetaSq[s] / draws - m * m));
    }

    double activeProbability(int s) {
        return activeCount[s] / draws;
    }

    double pMean(int g) {
        return p[g] / draws;
    }
}
