"""Hand-written English lists used by the SCOWL selection (wordpacks.scowl).

Openers added to allowed, words that only look inflected, hand-picked non-answers, irregular
verb forms, and the blocklists (stored rot13-encoded).
"""

from __future__ import annotations

import codecs


def word_set(text: str) -> frozenset[str]:
    """The whitespace-separated words of ``text``."""
    return frozenset(text.split())


#: Well-known strategic openers and a few other words people type that may be missing from the
#: sources; written by hand here.  They go into allowed only.
EXTRA_ALLOWED = word_set(
    "adieu arise arose crane crate irate lares later orate raile raise rales reast roate saine "
    "salet slane slate soare stare tares toile trace"
)

#: Words that look like an inflection of a shorter word but are not one (TWEED is not TWEE+D).
NOT_INFLECTED = word_set("tweed yours")

#: Irregular past tenses and participles, kept out of the answers of the English packs other
#: than English 5 (whose list is kept as it was); written by hand from the English irregular
#: verbs.  Words with a common meaning of their own (LEFT, LOST, FELT, ROSE, THOUGHT) stay.
IRREGULAR_FORMS = word_set(
    "bled bred came drew fled gave gone grew held hewn hung kept knew laid lain lent made mown "
    "paid pled rang rode said sang sank sawn seen sent sewn shod slew slid sold sown sped spun "
    "swam swum told took tore trod went wept woke wore been done worn torn "
    "arisen awoken beaten became beheld bidden bitten bought broken caught chosen dreamt driven "
    "fallen forgot fought frozen hidden learnt misled outdid outran reread resold retold retook "
    "ridden shaken shrank shrunk sought spoken sprang sprung stolen strewn strode strung taught "
    "thrown undone upheld redone "
    "brought forbade forgave foresaw mislaid misread mistook outdone outgrew overdid partook "
    "rebuilt rewrote striven written forsook"
)

#: Hand-picked after reading the built answers; they stay in allowed.
NOT_ANSWERS = (
    # first names, place names and brands that SCOWL also lists in lower case
    word_set(
        "bible billy bobby china dolly harry hogan intel japan jimmy maria mecca patsy peter "
        "roger roman sally sonny taser terry yahoo"
    )
    # informal contractions
    | word_set("dunno gimme gonna gotta kinda lemme sorta wanna")
    # plurals whose singular is an abbreviation SCOWL does not list as a word
    | word_set("carbs stats techs")
)

# --- blocklists ---------------------------------------------------------------------------------
# Stored rot13-encoded to keep the source readable in reviews.  Decode with
# ``codecs.decode(text, "rot13")``.
#
# _SLURS_ROT13: slurs; kept out of both lists.
# _CRUDE_ROT13: crude, sexual, scatological or otherwise unsuitable hidden words; kept out of
#               answers only (some are ordinary words people may type).
_SLURS_ROT13 = """
obbat obbatf puvaxf pbbaf qntbf qnexvr qnexl qlxr qlxrf qlxrl snttl sntbg sntbgf tvccb tbbxf
tlccb ubzbf ubaxvr ubaxl ulzvr vawha wrjrq xnssve xnsve xvxrf yrfob arteb artebf avttn avttnf
avttre avten cnxvf ergneq fnzob fcnmm fcnmml fcvpx fcvpf fcvxf fdhnj gneqf genaavr genaal
jrgonpx jbtf jbcf
"""
_CRUDE_ROT13 = """
nanyyl nanyf nefrq nefrf nefrl nffrf ovzob ovgpu ovgpul obare obaref obatf obaxf obbovrf obbof
obbol obbgl ohzzrq ohzcu ohgpu ohggf puvax pyvgf pbpxf penccl pehq pehqql phagf phagl qnzaf
qvpxf qvpxl qvyqb qvyqbf qbatf rarzn snrprf snaal snegf snegl snegm srpny srprf shpxre shpxf
shpxl tnlre tbanq tbanqf tlcfl ubbxl ubeal uhffl ulzra wvunq wvmml xvaxl xabof ynovn ynovny
ylapu zbeba zhss zhssf abbxvr abbxl ahqrf ahqvr crarf cravf creif creil cvzcf cvffrq cvffrf
cvffl cbbrq cbbsf cbbsl cbbcf cbbcl cbeab cbeabf cbeal cevpx cevpxf chovp chffl dhrrs dhrre
enaql encrq encrf encvfg frzra frkrq frkrf frkgf funttrq funtf fung fuvgr fuvgf fuvggl fvffl
fxnax fxnaxl fxrrg fynir fyhgf fyhggl fcnax fcrez fcrezf fchax fchaxl fhpxl gvgf gvggvrf gvggl
gheqf gjngf gjnggl gjrex hevar ihyin jnaxre jnaxf jnaxl jryfu jrapu juber juberf
"""

# The same for the other lengths (4, 6 and 7 letters): no five-letter word here, so the
# English 5 lists do not change.
_SLURS_OTHER_LENGTHS_ROT13 = """
puvaxf pbba qnexvrf qlxr snttbg snttbgf sntf tbbx ubzb wvtnobb xvxr avttre avttref cnxv enturnq
ergneq ergneqf furznyr fcnfgvp fcnm fcvp genaal jrgonpx jbcf
"""
_CRUDE_OTHER_LENGTHS_ROT13 = """
nany nahf nefr nffubyr onfgneq ovgpurf oybjwbo obyybpx obbo obbovrf ohttre pbpx pbaqbz penc
penccl phzzvat phag qnzzvg qnza qvpx rebgvp shpx shpxrq shpxre shpxvat tebcvat unaqwbo ubbxre
uhzc uhzcvat vaprfg wnpxnff wvfz wvmm anmv betnfz crrvat cvff cvffrq cvffrf cbbc cbea chor
chffvrf encr encvat encvfg evzwbo fpebghz frkl fuvg fuvggl fbqbzl gvgf gvggvrf gheq gjng intvan
jnax jnaxre jnaxvat juberf
"""

def decode_blocklist(encoded: str) -> frozenset[str]:
    """Decode a whitespace-separated rot13 word list."""
    return word_set(codecs.decode(encoded, "rot13"))


SLURS = decode_blocklist(_SLURS_ROT13) | decode_blocklist(_SLURS_OTHER_LENGTHS_ROT13)
NOT_FOR_ANSWERS = (SLURS | decode_blocklist(_CRUDE_ROT13)
                   | decode_blocklist(_CRUDE_OTHER_LENGTHS_ROT13))
