#!/usr/bin/env bash
# session 44: the two AMD forms fine-tunes taught again with MEDIUM-sized programs (seed 155, generate --scale 0.05,
# labelled by label-small.sh) added to every AMD label of the set; session 41's recipe otherwise (from the shipped
# Xeon weights, 4 epochs, lr 3e-4, rank weight 3, seed 0; session 43's train-forms.sh), session 43's graphs reused.
#
# The rule, written before these models were trained and before seeds 157 and 158 were generated:
#  - candidates: mix44 (each shipped Xeon forms model averaged with its new fine-tune, as shipped on AMD machines
#    since session 41) and amd44 (the new fine-tunes alone); the base is the pipeline as shipped (r19 in the
#    sets' decisions.json: mix41 with the 2**19 region threshold).
#  - choice: each decides on held-out seed 154 (60 MEDIUM-sized programs) and decide43.sh's eight sets; the
#    programs decided otherwise are measured side by side (decide44.sh, measure44.sh). The candidate with the
#    larger product of its nine set geomeans goes on if that product is at least 1.01.
#  - confirmation: two fresh sets generated after the choice (seed 157: 60 programs at --scale 0.05, as seed 154;
#    seed 158: 40 programs of a default corpus at scale 1, as seeds 151-152): it ships if the product of the two
#    set geomeans is at least 1.0.
exec bash "$(dirname "$0")/../session43/train-forms.sh" /work/runs/s44 F44 /work/runs/s43/F43-tuned.graphs.pt
