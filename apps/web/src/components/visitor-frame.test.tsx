import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { VisitorFrame } from './visitor-frame';

describe('the visitors frame', () => {
  it('puts the page in its main landmark and the invitation in its footer, the tagged words a link to register', () => {
    render(
      <VisitorFrame wide header="The mark" invitation="Made with Quorum. <signup>Create your own</signup> today">
        The report
      </VisitorFrame>,
    );
    expect(screen.getByRole('main')).toHaveTextContent('The report');
    expect(screen.getByRole('banner')).toHaveTextContent('The mark');
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('Made with Quorum. Create your own today');
    expect(footer.textContent).not.toContain('<');
    expect(screen.getByRole('link', { name: 'Create your own' })).toHaveAttribute(
      'href',
      paths.auth.register.getHref(),
    );
  });

  it('shows a message without a tag as it is', () => {
    render(
      <VisitorFrame header={null} invitation="Made with Quorum.">
        The survey
      </VisitorFrame>,
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Made with Quorum.');
  });
});
