// Hội Phố rules over the bitpacked State (rules, turn procedure, chance
// procedure and extra dict fields: docs/games/hoi_pho.md; executable reference:
// tests/reference/hoi_pho.py, which this file follows step by step).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "../../core/bits.hpp"
#include "../../core/game.hpp"
#include "../../core/rng.hpp"
#include "params.hpp"
#include "state.hpp"

namespace tb::hoi_pho {

inline constexpr uint16_t kAllMerchants = 0xFFFE;  // bits 1..15
inline constexpr int kTargetBase = 16;             // 16..20: seat 0..4
inline constexpr int kRock = 21, kPaper = 22, kScissors = 23;

constexpr uint16_t bit(int card) { return static_cast<uint16_t>(1u << card); }
constexpr int highest(uint16_t mask) { return 15 - std::countl_zero(static_cast<uint16_t>(mask)); }

struct HoiPho {
  using State = hoi_pho::State;
  using Params = hoi_pho::Params;
  static constexpr const auto& kParamSpecs = hoi_pho::kParamSpecs;
  static constexpr const auto& kExampleParams = hoi_pho::kExampleParams;

  static constexpr std::string_view kId = "hoi_pho";
  static constexpr uint8_t kTag = 1;
  static constexpr uint8_t kStateVersion = 2;
  static constexpr int kNumActions = 24;

  static constexpr int num_players(const Params& p) { return p.players; }

  // The deal and the Mouse's coin flips are drawn in apply. Win shares sum to 1 (1/N each when
  // truncated).
  static constexpr GameInfo kInfo{Dynamics::kMixed, Chance::kSampled, Information::kImperfect,
                                  Utility::kConstantSum, 1.0f, 0.0f, 1.0f, /*can_truncate=*/true};
  // Decision nodes in one turn, at most: the play node, then the skill tree of the one L card
  // that can open decisions (a path: Naga plays one card, Goat copies one skill). Goat, being
  // unique and never copied by Goat, is resolved at most twice (as L, and played by Naga); Naga
  // at most three times (as L or copied by each Goat, and played from a hand once), each with a
  // play and a take. The leaf adds one choice (a Mouse's target, a name, a Snake's or Horse's
  // target), and a Mouse with rps "play" up to kMaxRpsDraws rock-paper-scissors nodes.
  static constexpr int kMaxRpsDraws = 10;
  static constexpr int max_steps_per_turn(const Params& p) {
    return 1 + 2 + 3 * 2 + 1 + (p.rps_chance ? 0 : kMaxRpsDraws);
  }
  // A round is the 3-player discard node and turns_per_round turns; max_rounds caps the rounds.
  static int max_game_length(const Params& p) {
    return p.max_rounds * ((p.players == 3 ? 1 : 0) + turns_per_round(p.players) * max_steps_per_turn(p));
  }
  static bool is_truncated(const State& s, const Params&) { return s.outcome == kTruncated; }

  // ------------------------------------------------------------------ small queries
  // The sum of the five bytes' popcounts, as one popcount of the bytes loaded as a word.
  static int taken(const State& s) {
    uint64_t all = 0;
    std::memcpy(&all, s.contracts, sizeof s.contracts);
    return std::popcount(all);
  }
  static bool has_cards(const State& s, int q) { return s.hand[q] != 0 || s.ships[q] != 0; }
  static uint16_t table_all(const State& s, int n) {
    uint16_t m = 0;
    for (int q = 0; q < n; ++q) m |= s.table[q];
    return m;
  }
  // Merchants an opponent of p played this turn, still on the table.
  static uint16_t takeable(const State& s, int n, int p) {
    uint16_t m = 0;
    for (int q = 0; q < n; ++q)
      if (q != p) m |= s.table[q];
    return m & kAllMerchants;
  }
  static uint16_t goat_pool(const State& s, int n) {
    return static_cast<uint16_t>((table_all(s, n) | s.previous) & kAllMerchants & ~(bit(kGoat) | bit(kChicken)));
  }
  static int owner_of(const State& s, int n, int card) {
    for (int q = 0; q < n; ++q)
      if (s.table[q] & bit(card)) return q;
    return 0;
  }
  static bool discards_present(const State& s, int n) { return n == 3 && s.phase != kDiscard; }
  // Merchants played in an earlier turn of this round (before the previous one): in no hand and
  // no other field. Public under perfect recall, though no dict field lists them.
  static uint16_t played_earlier(const State& s, int n) {
    uint16_t m = s.previous | s.removed | table_all(s, n);
    for (int q = 0; q < n; ++q) m |= s.hand[q];
    if (discards_present(s, n))
      for (int q = 0; q < n; ++q) m |= bit(s.discards[q]);
    return kAllMerchants & static_cast<uint16_t>(~m);
  }
  // This turn's ship of q on the table plus q's discarded ship (3 players): the part of
  // ships_played[q] that the other fields still show.
  static int ships_visible(const State& s, int n, int q) {
    return (s.table[q] & 1) + (discards_present(s, n) && q < 3 && s.discards[q] == 0 ? 1 : 0);
  }

  // ------------------------------------------------------------------ node kinds
  static int current_player(const State& s, const Params&) {
    switch (s.phase) {
      case kOver: return kTerminal;
      case kDiscard: case kPlay: case kRps: return kSimultaneous;
      default: return s.skill_player;
    }
  }

  static ActionMask legal_mask(const State& s, const Params& P, int player) {
    const int n = P.players;
    if (static_cast<unsigned>(player) >= static_cast<unsigned>(n)) return 0;
    // The hot case first (one call per seat per turn): a play node with no Rabbit order.
    if (s.phase == kPlay && !s.forced) return ActionMask{s.hand[player]} | (s.ships[player] ? 1u : 0u);
    switch (s.phase) {
      case kPlay:
        if (s.hand[player] & bit(s.forced)) return ActionMask{1} << s.forced;
        [[fallthrough]];
      case kDiscard:
        return ActionMask{s.hand[player]} | (s.ships[player] ? 1u : 0u);
      case kRps:
        if (player != s.skill_player && player != s.target) return 0;
        return ActionMask{7} << kRock;
      case kOver:
        return 0;
      default:
        break;
    }
    if (player != s.skill_player) return 0;
    switch (s.phase) {
      case kTarget: {
        const ActionMask seats = ((ActionMask{1} << n) - 1) & ~(ActionMask{1} << player);
        return seats << kTargetBase;
      }
      case kName: return ActionMask{kAllMerchants} & ~(ActionMask{1} << s.top);
      case kNagaPlay: return s.hand[player];
      case kNagaTake: return takeable(s, n, player);
      case kCopy: return goat_pool(s, n);
      default: return 0;
    }
  }

  // ------------------------------------------------------------------ round flow
  // The rules below are templates over the player count N (3, 4 or 5), instantiated by the
  // entry points init / apply / apply_joint: with N a constant every per-seat loop unrolls and
  // per-seat arrays are moved with fixed-size copies instead of loops and memset/memcpy calls.
  // Seats >= N are all-zero in every valid state, so whole-array copies and clears of them are
  // no-ops there.
  static void init(State& s, const Params& P, uint64_t seed) {
    s = State{};
    s.rng.state = seed;
    for (int q = 0; q < P.players; ++q) s.coins[q] = 5;
    s.round = 1;
    s.skill_player = s.target = kNone;
    switch (P.players) {
      case 3: start_round<3>(s, P); return;
      case 5: start_round<5>(s, P); return;
      default: start_round<4>(s, P); return;
    }
  }

  // The deal position of each card of the shuffled pile: seat 0..N-1, or N for the two cards
  // removed face up with 3 players.
  template <int N>
  static constexpr std::array<uint8_t, 20> kSeatOf = [] {
    std::array<uint8_t, 20> seat{};
    const int offset = N == 3 ? 2 : 0;
    for (int i = 0; i < 20; ++i) seat[i] = static_cast<uint8_t>(i < offset ? N : (i - offset) / dealt_per_player(N));
    return seat;
  }();
  // The pile before the shuffle: the 5 - N spare ships (0) first, then the merchants ascending.
  template <int N>
  static constexpr std::array<uint8_t, 20> kPile = [] {
    std::array<uint8_t, 20> pile{};
    for (int c = 1; c <= 15; ++c) pile[5 - N + c - 1] = static_cast<uint8_t>(c);
    return pile;
  }();

  template <int N>
  static void start_round(State& s, const Params& P) {
    const uint16_t top = P.contracts[taken(s)];
    for (int q = 0; q < N; ++q)
      if (s.coins[q] > top) s.coins[q] = top;
    s.turn = 1;
    // The documented shuffle, each card going straight into the slice it is dealt to. A slice
    // is a bit set of its cards; ships (card 0) all land on bit 0, so they are counted afterwards
    // as the slice size minus its merchants. Unrolled, every seat index is a constant.
    constexpr int count = 20 - N, k = dealt_per_player(N);
    std::array<uint8_t, 20> cards = kPile<N>;
    uint32_t slice[N + 1] = {};
    s.rng.shuffle_deal(cards.data(), count, [&](int i, uint8_t c) { slice[kSeatOf<N>[i]] |= 1u << c; });
    for (int q = 0; q < N; ++q) {
      const uint16_t h = static_cast<uint16_t>(slice[q] & kAllMerchants);
      s.hand[q] = h;
      s.ships[q] = static_cast<uint8_t>(1 + k - std::popcount(h));  // + the player's own ship
    }
    if constexpr (N == 3) {
      s.removed = static_cast<uint16_t>(slice[N] & kAllMerchants);
      s.removed_ships = static_cast<uint8_t>(2 - std::popcount(s.removed));
    } else {
      s.removed = 0;
      s.removed_ships = 0;
    }
    std::memset(s.known, 0, sizeof s.known);
    std::memset(s.table, 0, sizeof s.table);
    std::memset(s.ships_played, 0, sizeof s.ships_played);
    s.previous = 0;
    s.discards[0] = s.discards[1] = s.discards[2] = 0;
    s.forced = 0;
    std::memcpy(s.turn_start, s.coins, sizeof s.coins);
    if constexpr (N == 3) {
      s.phase = kDiscard;
    } else {
      s.phase = kPlay;  // open_play: everyone was just dealt cards
    }
  }

  template <int N>
  [[gnu::always_inline]] static inline void open_play(State& s, const Params& P) {
    std::memcpy(s.turn_start, s.coins, sizeof s.coins);
    bool any = false;
    for (int q = 0; q < N; ++q) any = any || has_cards(s, q);
    s.phase = kPlay;
    if (!any) end_empty_turn<N>(s, P);  // only after freak Naga chains
  }
  // Out of line: end_turn is inlined into open_play's callers, so it cannot be inlined here.
  template <int N>
  [[gnu::noinline]] static void end_empty_turn(State& s, const Params& P) { end_turn<N>(s, P); }

  [[gnu::always_inline]] static inline void take_contract(State& s, int p) {
    const int t = taken(s);
    if (t < kContracts) s.contracts[p] = static_cast<uint8_t>(s.contracts[p] | (1u << t));
  }

  template <int N>
  [[gnu::always_inline]] static inline bool end_check(State& s) {
    bool over = taken(s) >= kContracts;
    for (int q = 0; q < N; ++q) over = over || std::popcount(s.contracts[q]) >= 3;
    if (!over) return false;
    s.phase = kOver;
    s.outcome = kEnded;
    s.depth = s.top = 0;
    s.skill_player = s.target = kNone;
    s.rps_draws = 0;
    return true;
  }

  static int max_card(const State& s, int q) { return s.hand[q] ? highest(s.hand[q]) : 0; }

  // The common case (a turn that is not the round's last) is inlined into the callers; the
  // round end is not.
  template <int N>
  [[gnu::always_inline]] static inline void end_turn(State& s, const Params& P) {
    s.previous = table_all(s, N) & kAllMerchants;
    std::memset(s.table, 0, sizeof s.table);
    if (s.turn < turns_per_round(N)) {
      ++s.turn;
      open_play<N>(s, P);
      return;
    }
    end_round<N>(s, P);
  }

  template <int N>
  [[gnu::noinline]] static void end_round(State& s, const Params& P) {
    int most = 0;
    for (int q = 0; q < N; ++q) most = s.coins[q] > most ? s.coins[q] : most;
    unsigned rich = 0;
    for (int q = 0; q < N; ++q) rich |= (s.coins[q] == most ? 1u : 0u) << q;
    int winner = -1;
    if (std::has_single_bit(rich)) {
      winner = std::countr_zero(rich);
    } else {
      int best = 0;
      for (int q = 0; q < N; ++q)
        if ((rich >> q & 1) && max_card(s, q) > best) { best = max_card(s, q); winner = q; }
    }
    if (winner >= 0) take_contract(s, winner);
    if (end_check<N>(s)) return;
    if (s.round >= P.max_rounds) {
      s.phase = kOver;
      s.outcome = kTruncated;
      return;
    }
    ++s.round;
    start_round<N>(s, P);
  }

  // ------------------------------------------------------------------ skills
  static bool push(State& s, int skill, int p, Phase phase) {
    ++s.depth;
    s.top = static_cast<uint8_t>(skill);
    s.skill_player = static_cast<uint8_t>(p);
    s.phase = phase;
    return true;
  }
  static void pop(State& s) {
    --s.depth;
    s.top = s.depth ? uint8_t{kNaga} : uint8_t{0};
  }
  static void gain(State& s, int q, int amount) { s.coins[q] = static_cast<uint16_t>(s.coins[q] + amount); }
  static void transfer(State& s, int from, int to, int amount) {
    s.coins[from] = static_cast<uint16_t>(s.coins[from] - amount);
    s.coins[to] = static_cast<uint16_t>(s.coins[to] + amount);
  }

  // Starts skill `sk` for player p. True if the caller must stop: a decision node is now open or
  // the game has ended (Sheep, Monkey); either way nothing else resolves now. Inlined into its
  // two callers: it runs on nearly every turn and the call overhead was a noticeable share.
  template <int N>
  [[gnu::always_inline]] static inline bool resolve(State& s, const Params& P, int sk, int p) {
    switch (sk) {
      case kMouse: return push(s, kMouse, p, kTarget);
      case kBuffalo: gain(s, p, 4); break;
      case kTiger:
        for (int q = 0; q < N; ++q) {
          if (q == p) continue;
          const int want = s.contracts[q] ? 2 : 1;
          transfer(s, q, p, s.coins[q] < want ? s.coins[q] : want);
        }
        break;
      case kRabbit: gain(s, p, 1); return push(s, kRabbit, p, kName);
      case kCat: return push(s, kCat, p, kName);
      case kNaga:
        if (s.hand[p] && takeable(s, N, p)) return push(s, kNaga, p, kNagaPlay);
        break;
      case kDragon:
        for (int q = 0; q < N; ++q)
          if (s.coins[q] > s.turn_start[q]) s.coins[q] = s.turn_start[q];
        break;
      case kSnake: case kHorse: return push(s, sk, p, kTarget);
      case kSheep: {
        bool poorest = true;
        for (int q = 0; q < N; ++q) {
          if (q == p) continue;
          poorest = poorest && (s.coins[p] < s.coins[q] || (P.sheep_tie && s.coins[p] == s.coins[q]));
        }
        if (poorest) take_contract(s, p);
        return end_check<N>(s);
      }
      case kGoat:
        if (goat_pool(s, N)) return push(s, kGoat, p, kCopy);
        break;
      case kMonkey:
        take_contract(s, p);
        for (int q = 0; q < N; ++q)
          if (q != p) gain(s, q, 1);
        return end_check<N>(s);
      case kDog: s.coins[p] = static_cast<uint16_t>(s.coins[p] > 3 ? s.coins[p] - 3 : 0); break;
      case kPig:
        gain(s, (p + N - 1) % N, 2);
        gain(s, (p + 1) % N, 2);
        s.coins[p] = static_cast<uint16_t>(s.coins[p] > 4 ? s.coins[p] - 4 : 0);
        break;
      default: break;  // kChicken: no skill
    }
    return false;
  }

  // After a decision: pending Naga takes, then the end of the turn.
  template <int N>
  [[gnu::always_inline]] static inline void resume(State& s, const Params& P) {
    if (s.phase == kOver) return;
    while (s.depth) {
      if (takeable(s, N, s.skill_player)) {
        s.phase = kNagaTake;
        return;
      }
      pop(s);
    }
    s.skill_player = kNone;
    end_turn<N>(s, P);
  }

  template <int N>
  static void mouse_settle(State& s, const Params& P, int p, int t, int winner) {
    const int loser = winner == p ? t : p;
    transfer(s, loser, winner, s.coins[loser] / 2);
    s.target = kNone;
    s.rps_draws = 0;
    pop(s);
    resume<N>(s, P);
  }

  // kZeroedBy[m]: the cards zeroed by the rivals in m = played & 63 (Mouse -> Pig, Buffalo ->
  // Monkey, Cat -> Dog); kZeroedBy[64 + m]: those zeroed by the rivals in m = played >> 14 (Dog,
  // Pig -> Chicken).
  static constexpr std::array<uint16_t, 68> kZeroedBy = [] {
    std::array<uint16_t, 68> z{};
    for (int m = 0; m < 64; ++m)
      z[m] = static_cast<uint16_t>((m & bit(kMouse) ? bit(kPig) : 0) | (m & bit(kBuffalo) ? bit(kMonkey) : 0) |
                                   (m & bit(kCat) ? bit(kDog) : 0));
    for (int m = 1; m < 4; ++m) z[64 + m] = bit(kChicken);
    return z;
  }();

  template <int N>
  static void play(State& s, const Params& P, const int* joint) {
    // Every card goes on the table; a ship is card 0, i.e. bit 0, which is never set in a hand,
    // so ships and merchants share the same branch-free bookkeeping.
    uint8_t owner[16];  // owner[c] for each card c played this turn (merchants are unique)
    uint16_t played = 0;
    int ships = 0;
    for (int q = 0; q < N; ++q) {
      const int a = joint[q];
      if (a < 0) continue;  // only a seat with an empty hand (after rare Naga chains)
      const uint16_t b = bit(a);
      s.hand[q] &= static_cast<uint16_t>(~b);
      s.known[q] &= static_cast<uint16_t>(~b);
      s.table[q] = b;
      ships += b & 1;
      played |= b;
      owner[a] = static_cast<uint8_t>(q);
    }
    s.forced = 0;
    if (ships) {  // the ship players are those with bit 0 on the table
      // Exactly one ship earns 5, exactly two earn 1 each, more earn nothing.
      const int ship_gain = ships == 1 ? 5 : ships == 2 ? 1 : 0;
      for (int q = 0; q < N; ++q) {
        if (!(s.table[q] & 1)) continue;
        --s.ships[q];
        ++s.ships_played[q];
        gain(s, q, ship_gain);
      }
    }
    played &= kAllMerchants;
    if (!played) {
      end_turn<N>(s, P);
      return;
    }
    // Rivalries: every rival (1, 2, 5, 14, 15) is in bits 0..5 or 14..15 of the played set, so
    // two small tables give the cards they zero.
    const uint16_t zeroed = (kZeroedBy[played & 63] | kZeroedBy[64 + (played >> 14)]) & played;
    const uint16_t live = played & static_cast<uint16_t>(~zeroed);
    const int high = highest(live);
    // L: the zeroed cards if any (zeroed reputations are 0, the lowest), else the lowest live
    // card; a single card is both H and L (it is live and lowest).
    uint16_t low = zeroed ? zeroed : static_cast<uint16_t>(live & (0u - live));
    gain(s, owner[high], kFirst[high]);
    const uint16_t rest = played & static_cast<uint16_t>(~(bit(high) | low));
    if (rest) {
      const int second = highest(rest);
      gain(s, owner[second], kSecond[second]);
    }
    // Only a one-card L can open a decision (note), so the loop never resumes mid-way.
    while (low) {
      const int c = std::countr_zero(low);
      low &= static_cast<uint16_t>(low - 1);
      if (resolve<N>(s, P, c, owner[c])) return;
    }
    end_turn<N>(s, P);
  }

  // ------------------------------------------------------------------ apply
  static void apply(State& s, const Params& P, int a) {
    // The default of 4 players is tested first: one compare on the hot path. This dispatch is
    // spelt out here, in apply_joint, returns and playout rather than shared through a helper
    // taking a generic lambda: with one, GCC no longer inlines random_step into the searches
    // (about 3% more instructions per ISMCTS iteration).
    if (P.players == 4) {
      apply_n<4>(s, P, a);
    } else if (P.players == 3) {
      apply_n<3>(s, P, a);
    } else {
      apply_n<5>(s, P, a);
    }
  }

  template <int N>
  static void apply_n(State& s, const Params& P, int a) {
    const int p = s.skill_player;
    switch (s.phase) {
      case kTarget: {
        const int t = a - kTargetBase;
        if (s.top == kSnake) {
          transfer(s, t, p, s.coins[t] / 2);
        } else if (s.top == kHorse) {
          const uint16_t tmp = s.coins[p];
          s.coins[p] = s.coins[t];
          s.coins[t] = tmp;
        } else if (P.rps_chance) {
          const uint32_t w = s.rng.uniform(2);
          mouse_settle<N>(s, P, p, t, w == 0 ? p : t);
          return;
        } else {
          s.target = static_cast<uint8_t>(t);
          s.rps_draws = 0;
          s.phase = kRps;
          return;
        }
        pop(s);
        resume<N>(s, P);
        return;
      }
      case kName: {
        const int sk = s.top;
        pop(s);
        if (sk == kRabbit) {
          if (s.turn < turns_per_round(N)) s.forced = static_cast<uint8_t>(a);
        } else {
          for (int q = 0; q < N; ++q) {
            if (q != p && (s.hand[q] & bit(a))) {
              transfer(s, q, p, s.coins[q] < 3 ? s.coins[q] : 3);
              s.known[q] |= bit(a);
            }
          }
        }
        resume<N>(s, P);
        return;
      }
      case kNagaPlay:
        s.hand[p] &= static_cast<uint16_t>(~bit(a));
        s.known[p] &= static_cast<uint16_t>(~bit(a));
        s.table[p] |= bit(a);
        if (!resolve<N>(s, P, a, p)) resume<N>(s, P);
        return;
      case kNagaTake: {
        pop(s);
        const int o = owner_of(s, N, a);
        s.table[o] &= static_cast<uint16_t>(~bit(a));
        s.hand[p] |= bit(a);
        s.known[p] |= bit(a);
        resume<N>(s, P);
        return;
      }
      case kCopy:
        pop(s);
        if (!resolve<N>(s, P, a, p)) resume<N>(s, P);
        return;
      default:
        return;
    }
  }

  static void apply_joint(State& s, const Params& P, const int* joint) {
    // The default of 4 players is tested first: one compare on the hot path.
    if (P.players == 4) {
      apply_joint_n<4>(s, P, joint);
    } else if (P.players == 3) {
      apply_joint_n<3>(s, P, joint);
    } else {
      apply_joint_n<5>(s, P, joint);
    }
  }

  template <int N>
  static void apply_joint_n(State& s, const Params& P, const int* joint) {
    if (s.phase == kPlay) {
      play<N>(s, P, joint);
    } else if (s.phase == kDiscard) {  // 3 players only
      for (int q = 0; q < 3 && q < N; ++q) {
        const int a = joint[q];
        s.discards[q] = static_cast<uint8_t>(a);
        if (a == kShip) {
          --s.ships[q];
          ++s.ships_played[q];
        } else {
          s.hand[q] &= static_cast<uint16_t>(~bit(a));
        }
      }
      open_play<N>(s, P);
    } else if (s.phase == kRps) {
      const int p = s.skill_player, t = s.target;
      const int mine = joint[p], theirs = joint[t];
      int winner;
      if (mine == theirs) {
        if (++s.rps_draws < kMaxRpsDraws) return;
        winner = s.rng.uniform(2) == 0 ? p : t;
      } else {
        winner = ((mine - theirs + 3) % 3 == 1) ? p : t;
      }
      mouse_settle<N>(s, P, p, t, winner);
    }
  }

  // ------------------------------------------------------------------ results
  static void scores(const State& s, const Params& P, float* out) {
    for (int q = 0; q < P.players; ++q) out[q] = static_cast<float>(std::popcount(s.contracts[q]));
  }

  // Once per game in rollouts, where it showed up in profiles: unrolled per player count.
  static void returns(const State& s, const Params& P, float* out) {
    if (P.players == 4) {
      returns_n<4>(s, P, out);
    } else if (P.players == 3) {
      returns_n<3>(s, P, out);
    } else {
      returns_n<5>(s, P, out);
    }
  }

  static int64_t contract_sum(const State& s, const Params& P, int q) {
    int64_t sum = 0;
    for_each_bit(s.contracts[q], [&](int i) { sum += P.contracts[i]; });  // at most 3 bits
    return sum;
  }

  template <int n>
  static void returns_n(const State& s, const Params& P, float* out) {
    for (int q = 0; q < n; ++q) out[q] = 0.0f;
    if (s.outcome == kNoOutcome) return;
    if (s.outcome == kTruncated) {
      for (int q = 0; q < n; ++q) out[q] = 1.0f / static_cast<float>(n);
      return;
    }
    int64_t key[kMaxPlayers];
    int64_t best = -1;
    for (int q = 0; q < n; ++q) {
      key[q] = (static_cast<int64_t>(std::popcount(s.contracts[q])) << 40) |
               (contract_sum(s, P, q) << 8) | max_card(s, q);
      if (key[q] > best) best = key[q];
    }
    int winners = 0;
    for (int q = 0; q < n; ++q) winners += key[q] == best;
    for (int q = 0; q < n; ++q) out[q] = key[q] == best ? 1.0f / static_cast<float>(winners) : 0.0f;
  }

  // The ISMCTS evaluation of a determinised state (playout.hpp).
  static void playout(State& s, const Params& P, Rng& rng, float* out);

  // The concept's members this folder's other files define (core/game.hpp).
  TABLEBITS_GAME_FILE_MEMBERS();
};

}  // namespace tb::hoi_pho

#include "observation.hpp"
#include "strings.hpp"
#include "resample.hpp"
#include "schema.hpp"
#include "validate.hpp"
#include "playout.hpp"
