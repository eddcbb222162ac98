package io.plate.sampler.mixture.impl;

import io.plate.api.learn.KnownWords;
import io.plate.api.learn.UnseenLevels;
import java.util.ArrayList;
import java.util.List;

/** What reading new rows in a run's columns found, for plate:predict's warnings: unseen levels, words the run knows. */
final class RowsRead {
    /** The categorical cells whose level the run never saw (they add nothing). */
    final List<UnseenLevels> unseen = new ArrayList<>();
    /** How the rows' words meet the run's vocabulary; null for a model without words. */
    KnownWords knownWords;
}
