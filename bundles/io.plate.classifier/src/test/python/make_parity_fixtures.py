#!/usr/bin/env python3
"""Makes the scikit-learn parity fixtures of io.plate.classifier (ParityTest).

For each case: fit a scikit-learn naive Bayes model on a dataset of the repository's data/ folder, score the test rows and write
the class probabilities of a deterministic subset of them (every STRIDE-th test row) as a gzipped CSV
  row,<class 1>,<class 2>,...      (classes sorted; probabilities printed with repr, exact doubles)
under src/test/resources/parity/CASE.csv.gz. The Java test builds the same datasets from the same files
(train and test each read on their own, levels and words matched by text) and compares.

Conventions shared with the Java test (see ParityTest and SharedData):
  categorical CSV: every column but the label is a category name, '?' is an ordinary level (this is what
                   scikit-learn's OrdinalEncoder does); the splice 'instance' id column is dropped.
  numeric CSV:     every column but the label is a float.
  text TSV:        CountVectorizer() defaults: lowercase, token pattern (?u)\\b\\w\\w+\\b.
  LibSVM:          columns named by their index; the test file is read with the training width.
  weights:         (GaussianNB's epsilon uses the unweighted variance; Plate's the weighted one, so the
                   weighted Gaussian case has var_smoothing=0)
                   where a case is weighted, row i (0-based, in file order) has weight 1 + (i % 3).
  SMS split:       rows with i % 4 == 0 are the test set, the rest train.

  generated:       a case in GENERATED makes its own data (numpy RandomState) and writes it beside its fixture
                   as CASE-train.csv and CASE-test.csv (integer levels, last column the label), which the Java
                   test reads.

Usage (scikit-learn 1.9.1):  pip install scikit-learn
  python3 src/test/python/make_parity_fixtures.py ../../data src/test/resources/parity
"""
import csv, gzip, os, sys
import numpy as np
from sklearn import naive_bayes as nb
from sklearn.datasets import load_svmlight_file
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.preprocessing import OrdinalEncoder


def unescape(s):
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == '\\' and i + 1 < len(s):
            out.append({'n': '\n', 't': '\t', 'r': '\r', '\\': '\\'}.get(s[i + 1], s[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def read_csv(path, drop=()):
    with open(path, newline='', encoding='utf-8') as f:
        rows = [r for r in csv.reader(f) if r]
    header, rows = rows[0], rows[1:]
    keep = [j for j, h in enumerate(header[:-1]) if h not in drop]
    return [[r[j] for j in keep] for r in rows], np.array([r[-1] for r in rows])


def read_tsv(path):
    with open(path, encoding='utf-8') as f:
        header = f.readline().rstrip('\n').split('\t')
        li, ti = header.index('label'), header.index('text')
        y, docs = [], []
        for line in f:
            p = line.rstrip('\n').split('\t')
            y.append(p[li])
            docs.append(unescape(p[ti]))
    return docs, np.array(y)


def weights(n):
    return np.array([1.0 + (i % 3) for i in range(n)])


def categorical(data, name, path, stride, drop=(), weighted=False, **kw):
    X, y = read_csv(os.path.join(data, path), drop)
    enc = OrdinalEncoder()
    A = enc.fit_transform(np.array(X, dtype=object))
    m = nb.CategoricalNB(force_alpha=True, **kw)
    m.fit(A, y, sample_weight=weights(len(y)) if weighted else None)
    return m, m.predict_proba(A), stride


def gaussian(data, name, train, test, stride, weighted=False, **kw):
    X, y = read_csv(os.path.join(data, train))
    A = np.array(X, dtype=float)
    m = nb.GaussianNB(**kw)
    m.fit(A, y, sample_weight=weights(len(y)) if weighted else None)
    Xt, _ = read_csv(os.path.join(data, test))
    return m, m.predict_proba(np.array(Xt, dtype=float)), stride


def text(data, name, model, train, test, stride, sms_split=False, **kw):
    if sms_split:
        docs, y = read_tsv(os.path.join(data, train))
        te = [i for i in range(len(y)) if i % 4 == 0]
        tr = [i for i in range(len(y)) if i % 4 != 0]
        dtr, ytr, dte = [docs[i] for i in tr], y[tr], [docs[i] for i in te]
    else:
        dtr, ytr = read_tsv(os.path.join(data, train))
        dte, _ = read_tsv(os.path.join(data, test))
    v = CountVectorizer()
    A = v.fit_transform(dtr)
    m = model(force_alpha=True, **kw)
    m.fit(A, ytr)
    return m, m.predict_proba(v.transform(dte)), stride


def libsvm(data, name, model, train, test, stride, **kw):
    A, y = load_svmlight_file(os.path.join(data, train))
    B, _ = load_svmlight_file(os.path.join(data, test), n_features=A.shape[1])
    m = model(force_alpha=True, **kw)
    m.fit(A, y.astype(int).astype(str))
    return m, m.predict_proba(B), stride


CASES = {
    'mushroom-categorical': lambda d: categorical(d, 'm', 'mushroom/mushroom.csv', 4, alpha=1.0),
    'votes-categorical': lambda d: categorical(d, 'v', 'house-votes-84/house-votes-84.csv', 1, alpha=1.0),
    'votes-categorical-uniform': lambda d: categorical(d, 'v', 'house-votes-84/house-votes-84.csv', 1,
                                                       alpha=0.5, fit_prior=False),
    'car-categorical': lambda d: categorical(d, 'c', 'car/car.csv', 1, alpha=1.0),
    'car-categorical-weighted': lambda d: categorical(d, 'c', 'car/car.csv', 1, weighted=True, alpha=0.3,
                                                      class_prior=[0.1, 0.2, 0.3, 0.4]),
    'nursery-categorical': lambda d: categorical(d, 'n', 'nursery/nursery.csv', 5, alpha=1.0, min_categories=6),
    'splice-categorical': lambda d: categorical(d, 's', 'splice-junction/splice.csv', 2, drop=('instance',),
                                                alpha=1.0),
    'iris-gaussian': lambda d: gaussian(d, 'i', 'iris/iris.csv', 'iris/iris.csv', 1),
    'iris-gaussian-weighted': lambda d: gaussian(d, 'i', 'iris/iris.csv', 'iris/iris.csv', 1, weighted=True,
                                                 var_smoothing=0.0),
    'wine-gaussian': lambda d: gaussian(d, 'w', 'wine/wine.csv', 'wine/wine.csv', 1),
    'wdbc-gaussian': lambda d: gaussian(d, 'b', 'breast-cancer-wisconsin-diagnostic/wdbc.csv',
                                        'breast-cancer-wisconsin-diagnostic/wdbc.csv', 1),
    'digits-gaussian': lambda d: gaussian(d, 'd', 'digits/optdigits-train.csv', 'digits/optdigits-test.csv', 2),
    'sms-multinomial': lambda d: text(d, 's', nb.MultinomialNB, 'sms-spam-collection/sms-spam.tsv', None, 1,
                                      sms_split=True, alpha=1.0),
    'sms-complement-norm': lambda d: text(d, 's', nb.ComplementNB, 'sms-spam-collection/sms-spam.tsv', None, 1,
                                          sms_split=True, alpha=1.0, norm=True),
    'sms-bernoulli': lambda d: text(d, 's', nb.BernoulliNB, 'sms-spam-collection/sms-spam.tsv', None, 1,
                                    sms_split=True, alpha=1.0),
    '20news-multinomial': lambda d: text(d, 't', nb.MultinomialNB, '20newsgroups-subset/20news-train.tsv',
                                         '20newsgroups-subset/20news-test.tsv', 1, alpha=0.01),
    '20news-complement': lambda d: text(d, 't', nb.ComplementNB, '20newsgroups-subset/20news-train.tsv',
                                        '20newsgroups-subset/20news-test.tsv', 1, alpha=0.3),
    'a9a-bernoulli': lambda d: libsvm(d, 'a', nb.BernoulliNB, 'libsvm-a9a/a9a', 'libsvm-a9a/a9a.t', 8, alpha=1.0),
    'a9a-multinomial': lambda d: libsvm(d, 'a', nb.MultinomialNB, 'libsvm-a9a/a9a', 'libsvm-a9a/a9a.t', 8,
                                        alpha=1.0),
}


def unseen_min_categories(out, name):
    """Test levels that training never saw but that min_categories declares (zero-count categories).

    Integer levels: f0 0..3 in training, f1 0..2, f2 0..6; min_categories=6 leaves room for f0's 4 and 5 and
    f1's 3, 4 and 5, which the test set holds; f2 has more levels than 6 (K = 7, no room), and the test set
    holds only levels training saw there (scikit-learn raises on a level beyond K).
    """
    r = np.random.RandomState(5)
    n = 300
    y = r.choice(['a', 'b', 'c'], n, p=[.5, .3, .2])
    f0 = r.randint(0, 4, n)
    f0[y == 'b'] = np.minimum(f0[y == 'b'], 1)
    train = np.column_stack([f0, r.randint(0, 3, n), r.randint(0, 7, n)])
    m = 40
    test = np.column_stack([r.randint(0, 6, m), r.randint(0, 6, m), r.randint(0, 7, m)])
    yt = r.choice(['a', 'b', 'c'], m)
    for part, X, labels in (('train', train, y), ('test', test, yt)):
        with open(os.path.join(out, name + '-' + part + '.csv'), 'w', newline='') as f:
            w = csv.writer(f, lineterminator='\n')
            w.writerow(['f0', 'f1', 'f2', 'class'])
            w.writerows([list(map(int, row)) + [label] for row, label in zip(X, labels)])
    model = nb.CategoricalNB(force_alpha=True, alpha=0.5, min_categories=6)
    model.fit(train, y)
    return model, model.predict_proba(test), 1


def gap_codes(out, name):
    """Integer codes that training never uses, below its largest code: CategoricalNB's n_categories_ is the largest
    training code + 1, so such a code is a category with no count (as after an OrdinalEncoder fitted on the whole data,
    then split). No min_categories.

    f0 codes 0..4 without 2 in training; f1 1..3 (code 0 never in training); f2 0..2, all seen; f3 0..5 without 1 and 4.
    The test set holds every code below each feature's largest training code + 1.
    """
    r = np.random.RandomState(11)
    n = 200
    y = r.choice(['a', 'b', 'c'], n, p=[.4, .35, .25])
    f0 = r.choice([0, 1, 3, 4], n)
    f0[y == 'a'] = np.minimum(f0[y == 'a'], 1)
    train = np.column_stack([f0, r.randint(1, 4, n), r.randint(0, 3, n), r.choice([0, 2, 3, 5], n)])
    m = 40
    test = np.column_stack([r.randint(0, 5, m), r.randint(0, 4, m), r.randint(0, 3, m), r.randint(0, 6, m)])
    yt = r.choice(['a', 'b', 'c'], m)
    for part, X, labels in (('train', train, y), ('test', test, yt)):
        with open(os.path.join(out, name + '-' + part + '.csv'), 'w', newline='') as f:
            w = csv.writer(f, lineterminator='\n')
            w.writerow(['f0', 'f1', 'f2', 'f3', 'class'])
            w.writerows([list(map(int, row)) + [label] for row, label in zip(X, labels)])
    model = nb.CategoricalNB(force_alpha=True, alpha=1.0)
    model.fit(train, y)
    assert list(model.n_categories_) == [5, 4, 3, 6], model.n_categories_
    return model, model.predict_proba(test), 1


# cases whose data the script makes: make(out, name)
GENERATED = {
    'unseen-min-categories': unseen_min_categories,
    'gap-codes': gap_codes,
}


def write_fixture(out, name, m, P, stride):
    path = os.path.join(out, name + '.csv.gz')
    with gzip.GzipFile(path, 'wb', mtime=0) as raw:
        lines = ['row,' + ','.join(str(c) for c in m.classes_)]
        for i in range(0, len(P), stride):
            lines.append(str(i) + ',' + ','.join(repr(float(v)) for v in P[i]))
        raw.write(('\n'.join(lines) + '\n').encode('utf-8'))
    print(f'{name}: {len(P)} test rows, {(len(P) + stride - 1) // stride} written, classes {list(m.classes_)[:5]}')


def main():
    data, out = sys.argv[1], sys.argv[2]
    only = sys.argv[3:]
    os.makedirs(out, exist_ok=True)
    for name, make in CASES.items():
        if only and name not in only:
            continue
        write_fixture(out, name, *make(data))
    for name, make in GENERATED.items():
        if only and name not in only:
            continue
        write_fixture(out, name, *make(out, name))


if __name__ == '__main__':
    main()
