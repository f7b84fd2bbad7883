// Typed errors of report, block and ban; the one error handler turns them into status + message.
import { BadRequest, Conflict, Forbidden, NotFound } from '#server/errors';
import { moderationMessages } from '#shared/moderation';

export class PunNotFound extends NotFound {
  constructor() {
    super(moderationMessages.punNotFound, 'pun_not_found');
  }
}

export class OwnPunReport extends Forbidden {
  constructor() {
    super(moderationMessages.ownPun, 'own_pun_report');
  }
}

export class AlreadyReported extends Conflict {
  constructor() {
    super(moderationMessages.alreadyReported, 'already_reported');
  }
}

export class SelfBlock extends BadRequest {
  constructor() {
    super(moderationMessages.blockSelf, 'block_self');
  }
}

/** A reaction between two players when either blocked the other. */
export class ReactionBlocked extends Forbidden {
  constructor() {
    super(moderationMessages.reactionBlocked, 'blocked');
  }
}

/** Adding as a friend a player one blocked, or who blocked one. */
export class FriendBlocked extends Forbidden {
  constructor() {
    super(moderationMessages.friendBlocked, 'blocked');
  }
}

/** Log-in (or a password reset) of a player an operator banned. */
export class AccountBanned extends Forbidden {
  constructor() {
    super(moderationMessages.banned, 'banned');
  }
}
